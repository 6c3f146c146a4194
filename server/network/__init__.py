"""The server's network: the SSH side (`ssh`), the front process (`front`), the workers (`worker`), the
frames between them (`frames`), the host key (`hostkey`) and running it all (`main`). The top layer: nothing
in the server imports it."""
