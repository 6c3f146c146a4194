"""The `landlords` command line: one module per subcommand, registered in `cli.main`."""
