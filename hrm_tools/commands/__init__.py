"""The `hrm` subcommands, one module per command group (listed in ``hrm_tools.cli.COMMANDS``)."""
