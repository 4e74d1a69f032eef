"""Reports for the Gaming Control Board as data (document.py), rendered to PDF (pdf.py) and CSV."""
