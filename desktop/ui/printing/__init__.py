"""Printing to any printer and the in-app print preview.

The pages are the PDF that reportlab writes for Export PDF, rendered to images with
pdfium (``pypdfium2``): the preview, the paper and the exported file are the same pages,
with no second drawing path to keep in step."""
