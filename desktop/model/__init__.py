"""The shared model layer: documents, findings, dice and odds. No Qt, no reportlab."""
