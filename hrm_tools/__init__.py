"""HRM tools: the `hrm` command line and what it drives (batch scoring, eval, report, compare, calibrate).

On top of everything else: it imports the server (in-process scoring) and the client (scoring a running
service); neither of them, nor the trainer plugin, imports it.
"""
