"""verl plugin: remote-judge reward manager and DCPO selection/advantage."""
