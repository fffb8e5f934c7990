"""The rules of Caldera Park: components, parks, game flow, scoring and records."""
