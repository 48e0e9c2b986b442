"""Powers printing room: the sheet, the ID card and power cards."""
