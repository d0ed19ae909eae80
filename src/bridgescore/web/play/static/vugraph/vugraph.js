// The vugraph: each room of the match is followed through its table's WebSocket
// (/ws/play/tables/<id>) as a spectator.  Every "hello", "update" and "board" message
// carries the view the server allows this connection (all four hands only where the table
// lets spectators see them, after its delay; a player of the match gets a player's view):
// the room is drawn from that view alone.  When a room's board ends, the comparison below
// (the teams app's scorecard) is fetched again.  Once the match is over, each room's
// boards come with the page (data-record: the records this reader may see) and are drawn
// the same way, no socket.  While it is played, each room lists its finished boards below
// it, with their analysis (data-boards-url: see askBoards).  Every word comes from the page
// (#vugraph-words, in the reader's language): nothing here is English or Chinese.
(function () {
  "use strict";
  var wordsEl = document.getElementById("vugraph-words");
  if (!wordsEl) return;
  var words = JSON.parse(wordsEl.textContent);
  var ORDER = ["N", "E", "S", "W"];
  var SUITS = {S: "♠", H: "♥", D: "♦", C: "♣"};
  var RANKS = "AKQJT98765432";

  function say(key, values) {
    var text = words[key] || key;
    Object.keys(values || {}).forEach(function (k) {
      text = text.split("%(" + k + ")s").join(String(values[k]));
    });
    return text;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function rank(r) { return r === "T" ? "10" : r; }

  function cardEl(code) {
    var suit = code.charAt(0);
    return el("span", "vg-card" + (suit === "H" || suit === "D" ? " red" : ""),
              SUITS[suit] + rank(code.slice(1)));
  }

  function callEl(call) {
    var text = call;
    var red = false;
    if (call === "P" || call === "Pass") text = words.pass;
    else if (call === "X" || call === "XX") text = words[call];
    else {
      var strain = call.slice(1);
      if (strain === "NT" || strain === "N") text = call.charAt(0) + words.NT;
      else if (SUITS[strain]) { text = call.charAt(0) + SUITS[strain]; red = strain === "H" || strain === "D"; }
    }
    return el("span", (red ? "red" : "") + (call === "P" || call === "Pass" ? " pass" : ""), text);
  }

  // "4SX N -2" → "4♠X N −2" (the strain as the auction shows it, the seat in words).
  function contractText(c) {
    return c.replace(/^(\d)(NT|N)/, "$1" + words.NT)
            .replace(/^(\d)([SHDC])/, function (m, l, s) { return l + SUITS[s]; });
  }

  // The result in the reader's notation: as the server's library writes it (a live view's
  // result_text, "4♥X E -2" / "东打4♥×宕2"; a record's result is written so already).
  function resultText(view) {
    var r = view.result;
    if (r === "pass" || r === "Pass") return words.passed;
    if (view.result_text) return view.result_text[words.lang] || view.result_text.en;
    var parts = r.split(" ");
    if (parts.length < 3) return contractText(r);
    return contractText(parts[0]) + " " + (words[parts[1]] || parts[1]) + " " +
           parts[2].replace("-", "−");
  }

  function handEl(seat, view, names) {
    var box = el("div", "vg-hand vg-hand-" + seat.toLowerCase());
    var who = el("p", "who");
    who.appendChild(el("strong", null, words[seat]));
    if (view.declarer === seat) who.appendChild(el("span", "vg-tag", " ◆"));
    if (names[seat]) who.appendChild(el("span", "player", " " + names[seat]));
    box.appendChild(who);
    var cards = (view.hands || {})[seat];
    if (cards) {
      var list = el("ul", "suits");
      ["S", "H", "D", "C"].forEach(function (s) {
        var li = el("li");
        li.appendChild(el("span", "suit" + (s === "H" || s === "D" ? " red" : ""), SUITS[s]));
        // High to low whatever order the view lists them in.
        var ranks = cards.filter(function (c) { return c.charAt(0) === s; })
                         .map(function (c) { return c.slice(1); })
                         .sort(function (a, b) { return RANKS.indexOf(a) - RANKS.indexOf(b); })
                         .map(rank);
        li.appendChild(document.createTextNode(" " + (ranks.length ? ranks.join(" ") : "—")));
        list.appendChild(li);
      });
      box.appendChild(list);
    } else {
      box.appendChild(el("p", "helptext vg-hidden",
                         say("hidden", {n: (view.counts || {})[seat] || 0})));
    }
    return box;
  }

  function trickEl(view) {
    var centre = el("div", "vg-centre");
    var cur = view.current;
    var cards = [], leader = null;
    if (cur && cur.cards && cur.cards.length) { cards = cur.cards; leader = cur.leader; }
    else if (view.tricks && view.tricks.length) {
      var last = view.tricks[view.tricks.length - 1];
      cards = last.cards; leader = last.leader;
    }
    if (leader) {
      var start = ORDER.indexOf(leader);
      cards.forEach(function (c, i) {
        var seat = ORDER[(start + i) % 4];
        var span = cardEl(c);
        span.className += " vg-t-" + seat;
        centre.appendChild(span);
      });
    }
    return centre;
  }

  function auctionEl(view) {
    var table = el("table", "vg-auction");
    var head = el("tr");
    var dealer = ORDER.indexOf(view.board.dealer);
    for (var i = 0; i < 4; i++) head.appendChild(el("th", null, words[ORDER[(dealer + i) % 4]]));
    var thead = el("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    var body = el("tbody");
    var row = null;
    (view.auction || []).forEach(function (a, k) {
      if (k % 4 === 0) { row = el("tr"); body.appendChild(row); }
      var td = el("td");
      td.appendChild(callEl(a.call));
      if (a.alerted) {
        var sup = el("sup", "alerted", "*");
        if (a.alert) sup.title = a.alert;
        td.appendChild(sup);
      }
      row.appendChild(td);
    });
    table.appendChild(body);
    return table;
  }

  function draw(room, view) {
    var board = room.querySelector(".vg-board");
    board.textContent = "";
    var b = view.board;
    var head = el("p", "vg-head");
    head.appendChild(el("strong", null, say("board", {n: b.number})));
    head.appendChild(document.createTextNode(" · " + say("dealer", {seat: words[b.dealer]}) +
                                             " · " + ((words.vul || {})[b.vulnerability] || b.vulnerability)));
    board.appendChild(head);
    // Once the board is over the view's "deal" has the hands as dealt (its "hands" are
    // what is left: nothing, after the last trick).
    var shownView = view.deal ? Object.assign({}, view, {hands: view.deal}) : view;
    var compass = el("div", "vg-compass");
    ["N", "W", "E", "S"].forEach(function (s) { compass.appendChild(handEl(s, shownView, room.names)); });
    compass.appendChild(trickEl(view));
    board.appendChild(compass);
    var line = el("p", "vg-line");
    var bits = [];
    if (view.contract) {
      var contract = view.contract === "Pass" || view.contract === "P" ? words.passed :
        say("by", {contract: contractText(view.contract),
                   seat: view.declarer ? words[view.declarer] : ""});
      line.appendChild(el("strong", null, contract));
      if (view.declarer) bits.push(say("tricks", {d: view.declarer_tricks, e: view.defender_tricks}));
    }
    if (view.claim) bits.push(say("claim", {n: view.claim.total}));
    if (view.result) {
      bits.push(say("result", {result: resultText(view),
                               score: (view.score_ns > 0 ? "+" : "") + view.score_ns}));
    } else if (view.to_act && view.to_act.length) {
      bits.push(say("to_act", {seat: words[view.to_act[0]]}));
    }
    if (bits.length) {
      line.appendChild(document.createTextNode((view.contract ? " · " : "") + bits.join(" · ")));
    }
    board.appendChild(line);
    board.appendChild(auctionEl(view));
    room.setAttribute("data-phase", view.phase);
    room.setAttribute("data-board", String(b.number));
    room.setAttribute("data-moves", String(view.moves));
  }

  // A room's board ended: fetch the comparison again, unless the match's own socket has
  // just had it fetched (results/live.js marks the body).  Spread over a second or two, so
  // that a hundred spectators do not all ask at the same moment.
  var pending = null;
  function refreshComparison() {
    if (pending !== null) return;
    pending = setTimeout(function () {
      pending = null;
      var part = document.getElementById("live");
      if (!part) return;
      var last = parseInt(document.body.getAttribute("data-live-refreshed") || "0", 10);
      if (Date.now() - last < 3000) return;
      if (window.htmx) { window.htmx.trigger(part, "bs-refresh"); return; }
      fetch(part.getAttribute("data-live-url"), {credentials: "same-origin"})
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) { if (html !== null) part.innerHTML = html; })
        .catch(function () {});
    }, 1000 + Math.random() * 1500);
  }

  // A live match: under each room, its finished boards that this reader may see, newest
  // first (the page's data-boards-url: JSON, on the page's own rights), each with its
  // result, its play against double dummy once the background has analysed it (until then
  // "being analysed") and its game record.  Asked when the page loads, when a room's view
  // moves to another board or the room's session ends, and again a few times, each later
  // than the last, while a listed board waits for its analysis.  One request at a time.
  var roomsEl = document.querySelector("[data-boards-url]");
  var boardsUrl = roomsEl ? roomsEl.getAttribute("data-boards-url") : null;
  var AGAIN = [4000, 8000, 16000, 32000, 64000];  // the waits between the asks again
  var boardsTimer = null, boardsBusy = false, boardsQueued = false, boardsTries = 0;

  function signed(n) { return (n > 0 ? "+" : "") + n; }

  function drawDone(room, boards) {
    var list = room.querySelector(".vg-done-list");
    var note = room.querySelector(".vg-done-note");
    if (!list) return;
    list.textContent = "";
    if (note) { note.textContent = words.done_none; note.hidden = boards.length > 0; }
    boards.forEach(function (b) {
      var li = el("li", "vg-done-board");
      li.setAttribute("data-board", String(b.number));
      var head = el("p", "vg-done-head");
      head.appendChild(el("strong", null, say("board", {n: b.number})));
      var result = b.passed ? words.passed : !b.result ? "" : b.score_ns === null ? b.result :
        say("result", {result: b.result, score: signed(b.score_ns)});
      head.appendChild(document.createTextNode(" · " + (result ? result + " · " : "")));
      var link = el("a", "record-link", words.game_record);
      link.href = b.href;
      head.appendChild(link);
      li.appendChild(head);
      if (b.analysis) li.appendChild(el("p", "vg-analysis dd-summary", say("dd_line", {summary: b.analysis})));
      else if (b.pending) li.appendChild(el("p", "vg-analysis vg-analysing helptext", words.analysing));
      list.appendChild(li);
    });
  }

  function doneNote(text) {
    Array.prototype.forEach.call(document.querySelectorAll(".vg-done-note"), function (p) {
      p.textContent = text;
      p.hidden = false;
    });
  }

  function fetchBoards() {
    if (boardsBusy) { boardsQueued = true; return; }
    boardsBusy = true;
    fetch(boardsUrl, {credentials: "same-origin", headers: {Accept: "application/json"}})
      .then(function (r) {
        return r.json().then(function (data) { return {ok: r.ok, data: data}; });
      })
      .then(function (got) {
        if (!got.ok) {  // refused (the JSON says why, in the reader's language): not again
          doneNote((got.data && got.data.message) || words.done_none);
          return false;
        }
        var waiting = false;
        (got.data.rooms || []).forEach(function (r) {
          var room = roomsEl.querySelector('.vg-room[data-table="' + r.table + '"]');
          if (room) drawDone(room, r.boards);
          if (r.boards.some(function (b) { return b.pending; })) waiting = true;
        });
        return waiting;
      })
      .catch(function () { return true; })  // the network: try again, as for an analysis
      .then(function (again) {
        boardsBusy = false;
        if (boardsQueued) { boardsQueued = false; askBoards(0, false); }
        else if (again && boardsTries < AGAIN.length) askBoards(AGAIN[boardsTries++], false);
      });
  }

  // fresh: something happened (the page loaded, a board or a session ended), so the asks
  // again start over; else a later ask, dropped if one is coming already.
  function askBoards(wait, fresh) {
    if (!boardsUrl) return;
    if (fresh) boardsTries = 0;
    else if (boardsTimer !== null) return;
    if (boardsTimer !== null) clearTimeout(boardsTimer);
    boardsTimer = setTimeout(function () { boardsTimer = null; fetchBoards(); }, wait);
  }

  // Spread over a second or two, as the comparison's, so that the spectators do not all
  // ask at the same moment.
  function boardsChanged() { askBoards(1000 + Math.random() * 1500, true); }

  function state(room, key) {
    var p = room.querySelector(".vg-state");
    p.textContent = words[key] || key;
    room.setAttribute("data-state", key);
  }

  function namesFrom(table) {
    var out = {};
    (table.seats || []).forEach(function (s) {
      out[s.seat] = s.player ? s.player.name : (s.robot ? words.robot : "");
    });
    return out;
  }

  function follow(room) {
    var retry = 1000;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    room.names = {};
    var seatsEl = document.getElementById(room.getAttribute("data-seats"));
    if (seatsEl) JSON.parse(seatsEl.textContent).forEach(function (s) { room.names[s.seat] = s.name; });
    function connect() {
      var socket = new WebSocket(scheme + location.host + room.getAttribute("data-table-socket"));
      socket.onopen = function () { retry = 1000; state(room, "live"); };
      socket.onmessage = function (e) {
        var m;
        try { m = JSON.parse(e.data); } catch (err) { return; }
        if (m.type === "hello" || m.type === "seats") {
          if (m.table) room.names = namesFrom(m.table);
        }
        if (m.view && (m.type === "hello" || m.type === "update" || m.type === "board")) {
          draw(room, m.view);
          // Another board on the table: the one before has ended (list it).
          var number = m.view.board ? m.view.board.number : null;
          if (room.lastBoard !== undefined && room.lastBoard !== number) boardsChanged();
          room.lastBoard = number;
          var ended = (m.events || []).some(function (ev) { return ev.event === "BoardEnded"; });
          if (ended) refreshComparison();
        } else if (m.type === "hello" && !m.view) {
          state(room, "waiting");
        }
        if (m.type === "finished") { state(room, "finished"); refreshComparison(); boardsChanged(); }
        if (m.type === "hello" && m.table && m.table.status === "finished") state(room, "finished");
        if (m.type === "error") {
          var p = room.querySelector(".vg-state");
          p.textContent = words.lang === "zh" ? (m.zh || m.en) : (m.en || m.zh);
        }
      };
      socket.onclose = function (e) {
        if (e.code === 4401 || e.code === 4403 || e.code === 4404) {
          if (room.getAttribute("data-state") !== "finished") state(room, "refused");
          return;
        }
        if (room.getAttribute("data-state") !== "finished") state(room, "lost");
        setTimeout(connect, retry);
        retry = Math.min(retry * 2, 30000);
      };
    }
    connect();
  }

  // A finished match: each room's boards as they ended, from the page itself (the record
  // the server allows this reader; no socket), one at a time, picked from a list.
  function replay(room) {
    var dataEl = document.getElementById(room.getAttribute("data-record"));
    var boards = dataEl ? JSON.parse(dataEl.textContent) : [];
    var picker = room.querySelector(".vg-picker");
    room.names = {};
    var seatsEl = document.getElementById(room.getAttribute("data-seats"));
    if (seatsEl) JSON.parse(seatsEl.textContent).forEach(function (s) { room.names[s.seat] = s.name; });
    room.setAttribute("data-state", "finished");
    if (!boards.length) {
      room.querySelector(".vg-state").textContent = words.none_shown;
      if (picker) picker.parentNode.hidden = true;
      return;
    }
    boards.forEach(function (b, k) {
      var option = el("option", null, say("board", {n: b.number}));
      option.value = String(k);
      picker.appendChild(option);
    });
    // Under the board: its play against double dummy (once analysed) and its game record.
    var after = el("p", "vg-analysis");
    room.appendChild(after);
    function show(b) {
      draw(room, b.view);
      after.textContent = "";
      if (b.analysis) after.appendChild(el("span", "dd-summary", say("dd_line", {summary: b.analysis}) + " "));
      var link = el("a", "record-link", words.game_record);
      link.href = b.href;
      after.appendChild(link);
    }
    picker.addEventListener("change", function () {
      show(boards[parseInt(picker.value, 10)]);
    });
    picker.value = String(boards.length - 1);
    show(boards[boards.length - 1]);
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-table-socket]"), follow);
  Array.prototype.forEach.call(document.querySelectorAll("[data-record]"), replay);
  askBoards(0, true);
})();
