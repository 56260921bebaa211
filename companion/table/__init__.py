"""The live table: rooms where every phone shares one Doodle China dice tray.

- `api`: the JSON API (api.md, "Live table"): open a room, roll, take, pass, end, save,
  and which phone plays which seat;
- `event_stream`: a room's events, as a page or a server-sent event stream;
- `pages`: the join link, the room page and the page that opens a room;
- `room_state`: dice (rolled with `secrets`) and the rules engine behind each event;
- `record`: a finished table's dice record, shown on the match page;
- `hub`: wakes a room's streams when an event lands (this process or another);
"""
