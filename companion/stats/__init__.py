"""Group stats over time (issue 7): `facts` holds the pure helpers storage
uses to keep aggregates, `report` builds the answer of the stats API."""
