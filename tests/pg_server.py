"""The throwaway PostgreSQL server of the store tests: companion/devserver/pg.py, which
`make run-hosted` starts too (`python -m tests.pg_server` still starts one by hand)."""

from companion.devserver.pg import PostgresServer, PostgresUnavailable, main, running

__all__ = ["PostgresServer", "PostgresUnavailable", "running"]

if __name__ == "__main__":
    main()
