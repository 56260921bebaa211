"""Groups: making one and joining it (`api`: the JSON API and the join link),
invites and the phones in the group (`invite`), players (`players`), and the
pages: home, the group's home page and the seat list of a new match (`pages`)."""
