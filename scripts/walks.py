"""Count the modules each of the three walks of docs/architecture.md passes
through (`.venv/bin/python scripts/walks.py` from the repository root): the
Python modules of companion/ and vision/ that ran in the web process during
the walk's requests (profiled; the photo worker's own process is not; this
script is not the product and is left out), the templates rendered (includes
too) and the static files the pages load (<script src>, <link href>, JS
imports followed; images are counted and listed apart from code).
WALKS_OUT=file.json keeps the lists."""
import json
import os
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
from companion.app import create_app  # noqa: E402

seen_py: set[str] = set()
THIS_SCRIPT = os.path.abspath(__file__)
IMAGES = (".png", ".svg", ".jpg", ".webp", ".ico")


def prof(frame, event, arg):
    if event == "call":
        f = frame.f_code.co_filename
        if f.startswith(str(ROOT)) and "/.venv/" not in f and os.path.abspath(f) != THIS_SCRIPT:
            seen_py.add(os.path.relpath(f, ROOT))


def main():
    global app, client, H, gid, templates
    tmp = tempfile.mkdtemp()
    app = create_app({"DATABASE": f"{tmp}/db.sqlite", "TESTING": True, "SECRET_KEY": "walk",
                      "UPLOAD_FOLDER": f"{tmp}/uploads"})
    templates = set()
    loader = app.jinja_env.loader
    orig = loader.get_source


    def get_source(env, name):
        templates.add(name)
        return orig(env, name)


    loader.get_source = get_source
    app.jinja_env.cache = None
    client = app.test_client()
    H = {}


    def csrf(html: bytes) -> str:
        return re.search(rb'name="csrf-token" content="([^"]+)"', html).group(1).decode()


    tok = csrf(client.get("/").data)
    r = client.post("/", data={"name": "Walkers", "csrf_token": tok})
    gid = r.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    tok = csrf(client.get(f"/g/{gid}").data)
    H = {"X-CSRF-Token": tok}


    def statics(html_pages):
        out = set()
        todo = []
        for html in html_pages:
            for m in re.finditer(rb'(?:src|href)="/static/([^"?#]+)', html):
                todo.append(m.group(1).decode())
        while todo:
            p = todo.pop()
            if p in out:
                continue
            out.add(p)
            if p.endswith(".js"):
                text = (ROOT / "static" / p).read_text()
                for m in re.finditer(r'''(?:import|from)\s*(?:[^"';]*?\s*from\s*)?["'](\.{1,2}/[^"']+)["']''', text):
                    todo.append(os.path.normpath(os.path.join(os.path.dirname(p), m.group(1))))
        return out


    def walk(name, steps):
        seen_py.clear()
        templates.clear()
        htmls = []
        sys.setprofile(prof)
        try:
            steps(htmls)
        finally:
            sys.setprofile(None)
        # .py only (Jinja reports templates as files too); sample.py is this script's own game
        py = sorted(p for p in seen_py if p.endswith(".py") and not p.endswith("canalis/sample.py"))
        st = sorted(statics(htmls))
        return {"walk": name, "python": py, "templates": sorted(templates), "static": st}


    def photo_walk(htmls):
        htmls.append(client.get(f"/g/{gid}/photo/canal-houses").data)
        data = (ROOT / "fixtures/photos/canal-houses/street-five.jpg").read_bytes()
        import io
        r = client.post(f"/api/groups/{gid}/photos", data={"game": "canal-houses", "photo": (io.BytesIO(data), "s.jpg")},
                        content_type="multipart/form-data", headers=H)
        assert r.status_code == 201, r.get_json()
        reading = r.get_json()
        htmls.append(client.get(f"/g/{gid}/photo/{reading['id']}").data)
        # the person corrects what the photo could not say: the fixture's true street
        truth = json.loads((ROOT / "fixtures/photos/canal-houses/street-five.expected.json").read_text())
        state = {"game": "canal-houses", "players": [{"name": "Ana", "street": truth["street"]}]}
        s = client.post("/api/score", json=state, headers=H)
        assert s.status_code == 200, s.get_json()
        m = client.post(f"/api/groups/{gid}/matches", json={"state": state}, headers=H)
        assert m.status_code in (200, 201), m.get_json()


    def dice_walk(htmls):
        r = client.post(f"/api/groups/{gid}/rooms", json={"edition": "suzhou", "players": ["Ana", "Ben"]}, headers=H)
        assert r.status_code == 201, r.get_json()
        room = r.get_json()
        rid = room["id"]
        htmls.append(client.get(f"/g/{gid}/rooms/{rid}").data)
        x = client.post(f"/api/groups/{gid}/rooms/{rid}/roll", json={}, headers=H)
        assert x.status_code in (200, 201), x.get_json()
        e = client.get(f"/api/groups/{gid}/rooms/{rid}/events?after=0")
        assert e.status_code == 200
        client.get(f"/api/groups/{gid}/rooms/{rid}")


    def canalis_walk(htmls):
        from companion.games.canalis.sample import random_game
        htmls.append(client.get(f"/g/{gid}/play/canalis").data)
        state = random_game(3, moves=6)
        s = client.post("/api/score", json=state, headers=H)
        assert s.status_code == 200, s.get_json()


    out = [walk("photo", photo_walk), walk("dice", dice_walk), walk("canalis", canalis_walk)]
    for w in out:
        images = [p for p in w["static"] if p.endswith(IMAGES)]
        code = [p for p in w["static"] if not p.endswith(IMAGES)]
        print(f"== {w['walk']}: python {len(w['python'])}, templates {len(w['templates'])}, "
              f"static {len(w['static'])} ({len(code)} code, {len(images)} images)")
        for k in ("python", "templates"):
            print(f"  {k}: " + " ".join(w[k]))
        print("  static code: " + " ".join(code))
        print("  static images: " + " ".join(images))
    json.dump({"walks": out}, open(os.environ.get("WALKS_OUT", "/dev/null"), "w"), indent=1)


if __name__ == '__main__':
    main()
