"""The games' mathematics, computed exactly: interest (Día de Paga, mortgages) and more to come."""
