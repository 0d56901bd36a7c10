// The live scoresheet (placeholder until the sheet module lands).
