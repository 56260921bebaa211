"""The live table: rooms where every phone shares one Doodle China dice tray.

- `api`: the JSON API (api.md, "Live table") and the server-sent event stream;
- `pages`: the join link, the room page and the page that opens a room;
- `table`: dice (rolled with `secrets`) and the rules engine behind each event;
- `hub`: wakes a room's streams when an event lands (this process or another);
- `tokens`: the room token of a join link (only its hash is stored).
"""
