"""Characters as text for play by post: a plain document (``document``) written as
Markdown, BBCode or plain text (``render``), from the same ready-to-print view the PDF
sheet prints (``export``). No Qt, no reportlab."""
