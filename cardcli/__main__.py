"""Allow ``python -m cardcli``."""

from cardcli.cli import main

if __name__ == "__main__":
    main()
