"""Servers started from a source checkout for tests and for trying the app on one machine:
a throwaway PostgreSQL (``pg``) and nginx in front of several workers (``nginx``), both from
Debian's packages, run as an unprivileged user in a temporary folder. Nothing here is used by
the app itself when it serves; ``deploy/run_hosted.py`` and the tests start them."""
