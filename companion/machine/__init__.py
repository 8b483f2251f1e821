"""What the machine running this copy gives it: whether it runs inside a
phone's browser (:mod:`.runtime`, the one place that decides) and the rules
engine compiled for it with mypyc when it can build one (:mod:`.native`)."""
