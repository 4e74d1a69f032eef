"""What the tests share, kept apart from the tests themselves: the API client and the hall clock, the
factories (people, halls, tournaments), the builders that bring an occasion, a shop, a jar or a till to
the point a test starts from, the printer emulator's receipts, the browser screens' helpers and the
server processes and load generator. Test modules import from here and never from one another."""
