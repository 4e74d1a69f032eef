"""Receipt printing on ESC/POS printers with python-escpos: the receipt as plain data, its bytes
composed in a Dummy printer, the stations' printers from a python-escpos style config, and sending
with a short timeout and one retry. The sale (or ticket) is committed before anything prints."""
