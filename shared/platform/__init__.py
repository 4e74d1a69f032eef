"""The framework shell: the app factory (the one composition root that imports the games), configuration,
the database, sign-in enforcement, the API declaration, errors, inputs, the audit record, the live-event
hub, migrations and the command line."""
