/* The table page's client: one WebSocket to the table (docs/protocol.md), and a page drawn
   only from what the server sends (hello / update / seats / board).  It never decides a
   rule: the bidding box offers view.legal_calls, the hand offers view.legal_cards, and the
   server checks every message again.  Every text comes from the page (the template renders
   the string table from gettext); the script has no words of its own. */
(function () {
  "use strict";

  var config = JSON.parse(document.getElementById("play-client").textContent);
  var T = config.strings;
  var LANG = config.lang;
  var SEATS = ["N", "E", "S", "W"];
  var SUITS = ["S", "H", "D", "C"];
  var SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var RANKS = "AKQJT98765432";
  var STRAINS = ["C", "D", "H", "S", "NT"];

  var state = { table: null, you: { seat: null, host: false }, view: null, seq: 0 };
  var ui = { showLast: false, claimOpen: false, selected: -1, typed: "", score: null,
             scoreKey: null, finished: false };
  var socket = null;
  var retries = 0;
  var nextId = 1;
  var refused = false;

  function $(id) { return document.getElementById(id); }

  function fmt(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) {
      return values[key] === undefined ? "" : String(values[key]);
    });
  }

  // A score's arithmetic that wraps between its terms, never inside a number (as the
  // pages' `arith` filter: core/templatetags/arith.py).
  function arithNodes(text) {
    var out = [];
    text.split(/(\d+(?:[.,]\d+)*)/).forEach(function (part, i) {
      if (!part) return;
      if (i % 2) { out.push(el("span", { className: "nb", text: part })); return; }
      part.split(/([+=×−\-\/])/).forEach(function (bit, j, bits) {
        if (!bit) return;
        out.push(bit);
        // After an operator between two terms (not a sign before a number).
        if (j % 2 && out.length > 1 && /[\d)\]]$/.test(textOf(out[out.length - 2]))) {
          out.push(el("wbr"));
        }
      });
    });
    return out;
  }

  function textOf(node) { return typeof node === "string" ? node : node.textContent; }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "text") node.textContent = v;
        else if (k === "onclick") node.addEventListener("click", v);
        else if (k === "className") node.className = v;
        else node.setAttribute(k, v === true ? "" : v);
      });
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  // A part is drawn again on every message: what the player was typing in it (a claim's
  // statement, a name to reserve a seat for) and where the cursor was must survive that.
  function keepFields(node) {
    var kept = { values: {}, focus: null };
    node.querySelectorAll("input[id], select[id], textarea[id]").forEach(function (f) { kept.values[f.id] = f.value; });
    if (document.activeElement && node.contains(document.activeElement)) kept.focus = document.activeElement.id || null;
    return kept;
  }

  function restoreFields(kept) {
    Object.keys(kept.values).forEach(function (id) {
      var f = document.getElementById(id);
      if (f) f.value = kept.values[id];
    });
    if (kept.focus && document.getElementById(kept.focus)) document.getElementById(kept.focus).focus();
  }

  // -- names -------------------------------------------------------------------------

  function seatName(s) { return T[s] || s; }
  function nextSeat(s, n) { return SEATS[(SEATS.indexOf(s) + n) % 4]; }
  function partner(s) { return nextSeat(s, 2); }
  function rankText(r) { return r === "T" ? "10" : r; }
  function isRed(suit) { return suit === "H" || suit === "D"; }

  function cardNode(card, extra) {
    var suit = card[0], rank = card.slice(1);
    return el("span", { className: "cardface" + (isRed(suit) ? " red" : "") + (extra || "") },
              [el("span", { className: "suit", text: SYMBOL[suit] }),
               el("span", { className: "rank", text: rankText(rank) })]);
  }

  function strainNode(strain) {
    if (strain === "NT") return el("span", { className: "strain nt", text: T.NT });
    return el("span", { className: "strain" + (isRed(strain) ? " red" : ""), text: SYMBOL[strain] });
  }

  function callNode(call) {
    if (call === "Pass" || call === "X" || call === "XX") {
      return el("span", { className: "call call-" + call.toLowerCase(), text: T[call] });
    }
    var m = /^([1-7])(NT|[CDHS])$/.exec(call);
    if (!m) return el("span", { className: "call", text: call });
    return el("span", { className: "call" }, [m[1], strainNode(m[2])]);
  }

  function contractNode(contract) {
    if (!contract || contract === "pass") return el("span", { text: T.passed_out });
    var m = /^([1-7])(NT|[CDHS])(X{0,2})$/.exec(contract);
    if (!m) return el("span", { text: contract });
    return el("span", { className: "call" }, [m[1], strainNode(m[2]), m[3] ? T[m[3]] : null]);
  }

  // The result as the server's library writes it in the reader's notation (view.result_text:
  // "4♥X E -2", "东打4♥×宕2"), its red suits marked; "pass" → passed out.
  function resultNode(v) {
    if (!v.result || v.result === "pass") return el("span", { text: T.passed_out });
    var text = (v.result_text && (v.result_text[LANG] || v.result_text.en)) || v.result;
    var parts = text.split(/([♥♦])/).map(function (part, i) {
      return i % 2 ? el("span", { className: "red", text: part }) : part;
    });
    return el("span", { className: "resulttext" }, parts);
  }

  function sortCards(cards) {
    return cards.slice().sort(function (a, b) {
      var s = SUITS.indexOf(a[0]) - SUITS.indexOf(b[0]);
      return s !== 0 ? s : RANKS.indexOf(a.slice(1)) - RANKS.indexOf(b.slice(1));
    });
  }

  function seatInfo(s) {
    if (!state.table || !state.table.seats) return null;
    for (var i = 0; i < state.table.seats.length; i++) {
      if (state.table.seats[i].seat === s) return state.table.seats[i];
    }
    return null;
  }

  function playerName(p) {
    return (LANG === "zh" ? p.name_zh : p.name) || p.name || p.username || "";
  }

  function bottomSeat() {
    return state.you.seat || (state.view && state.view.you) || "S";
  }

  // -- the connection ---------------------------------------------------------------------

  function setConn(text, kind) {
    var c = $("conn");
    c.textContent = text;
    c.className = "conn " + (kind || "");
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    setConn(retries ? T.reconnecting : T.connecting, "wait");
    socket = new WebSocket(scheme + location.host + config.ws);
    socket.addEventListener("open", function () {
      retries = 0;
      setConn(T.connected, "ok");
    });
    socket.addEventListener("message", function (e) {
      var msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      receive(msg);
    });
    socket.addEventListener("close", function (e) {
      socket = null;
      if (e.code === 4401) { location.href = "/account/login/?next=" + encodeURIComponent(location.pathname); return; }
      if (e.code === 4403 || e.code === 4404) { refused = true; setConn(T.refused, "bad"); return; }
      if (refused) return;
      // Back off: 0.5 s, 1 s, 2 s … at most 10 s, a little jitter so a restarted server is
      // not hit by every table at once.
      var delay = Math.min(10000, 500 * Math.pow(2, retries)) * (0.8 + 0.4 * Math.random());
      retries += 1;
      setConn(T.reconnecting, "wait");
      window.setTimeout(connect, delay);
    });
  }

  function send(msg) {
    if (!socket || socket.readyState !== WebSocket.OPEN) { showError(T.reconnecting); return; }
    msg.id = "c" + (nextId++);
    showError("");  // a refusal stays until the player tries again
    socket.send(JSON.stringify(msg));
  }

  function showError(text) {
    var e = $("error");
    e.textContent = text;
    e.hidden = !text;
  }

  function receive(msg) {
    switch (msg.type) {
      case "hello":
        state.table = msg.table; state.you = msg.you || state.you;
        state.view = msg.view; state.seq = msg.seq;
        break;
      case "update":
      case "board":
        if (msg.view) state.view = msg.view;
        state.seq = msg.seq;
        if (msg.type === "board") {
          ui.showLast = false; ui.score = null; ui.scoreKey = null; ui.claimOpen = false; ui.selected = -1;
        }
        break;
      case "seats":
        state.table = msg.table;
        if (msg.you) state.you = msg.you;
        else if (state.you && state.table.seats) syncYou();
        break;
      case "finished":
        ui.finished = true;
        break;
      case "error":
        showError(T.error + T.colon + (msg[LANG] || msg.en || msg.code));
        return;
      default:
        return;  // ack, pong
    }
    render();
  }

  // After a "seats" message without "you": the seat is wherever the table says we sit.
  function syncYou() {
    var me = config.user;
    if (!me) return;
    var seat = null;
    state.table.seats.forEach(function (s) { if (s.player && s.player.id === me) seat = s.seat; });
    state.you.seat = seat;
  }

  // -- drawing ------------------------------------------------------------------------------

  function render() {
    var v = state.view;
    // For tests and scripts: how many moves of this board the page has drawn.
    $("play").dataset.moves = String(v ? v.moves : 0);
    $("play").dataset.phase = v ? v.phase : "";
    $("play").dataset.dummy = v && v.dummy ? v.dummy : "";
    // Where dummy's cards lie face up, as the reader sees the table (top: they declare; left
    // or right: they defend): a phone lays the table out around it (table.css).
    $("felt").dataset.dummyAt = dummyAt(v);
    renderInfo(v);
    renderSeats(v);
    renderMiddle(v);
    renderBidBox(v);
    renderDialogs(v);
    renderActions(v);
    renderEnd(v);
    renderLastTrick(v);
    renderHost();
    $("auction-panel").hidden = !v || v.phase === "auction";  // in the middle meanwhile
    renderAuction(v, $("auction"));
    renderTyped();
  }

  function dummyAt(v) {
    if (!v || !v.dummy || v.phase === "auction") return "";
    if (!v.hands[v.dummy] && !(v.phase === "done" && v.deal)) return "";  // before the lead
    return POSITIONS[(SEATS.indexOf(v.dummy) - SEATS.indexOf(bottomSeat()) + 4) % 4];
  }

  function fact(label, value) {
    return el("span", { className: "fact" }, [el("span", { className: "k", text: label + " " }),
                                            typeof value === "string" ? el("b", { text: value }) : value]);
  }

  function renderInfo(v) {
    var box = $("boardinfo");
    clear(box);
    if (!v) {
      box.appendChild(el("p", { className: "muted", text: T.waiting_players }));
      return;
    }
    box.appendChild(fact(T.board, String(v.board.number)));
    var dealer = fact(T.dealer, seatName(v.board.dealer));
    dealer.className += " dealer";  // a phone shows it during the auction only (table.css)
    box.appendChild(dealer);
    box.appendChild(fact(T.vul, T["vul_" + v.board.vulnerability] || v.board.vulnerability));
    if (v.contract) {
      var c = el("b", null, [contractNode(v.contract)]);
      if (v.declarer) c.appendChild(document.createTextNode(" " + T.by + " " + seatName(v.declarer)));
      box.appendChild(fact(T.contract, c));
    }
    if (v.phase !== "auction" && v.contract && v.contract !== "pass") {
      box.appendChild(fact(T.tricks_decl, String(v.declarer_tricks)));
      box.appendChild(fact(T.tricks_def, String(v.defender_tricks)));
    }
    var turn = el("p", { className: "turn", id: "turn" });
    if (v.phase !== "done" && (v.claim || v.undo)) {
      turn.textContent = T.answer_waiting;
    } else if (v.phase !== "done" && v.next) {
      var mine = v.to_act.indexOf(bottomSeat()) >= 0 && state.you.seat;
      turn.textContent = mine ? T.your_turn : fmt(T.waiting_for, { seat: seatName(v.next) });
      if (mine) turn.className += " mine";
    }
    if (!state.you.seat) turn.textContent = T.spectator + " " + turn.textContent;
    box.appendChild(turn);
  }

  var POSITIONS = ["bottom", "left", "top", "right"];

  function renderSeats(v) {
    var bottom = bottomSeat();
    POSITIONS.forEach(function (pos, i) {
      var seat = nextSeat(bottom, i);
      var box = $("pos-" + pos);
      clear(box);
      box.setAttribute("data-seat", seat);
      box.appendChild(seatHeader(seat, v));
      if (v) box.appendChild(handNode(seat, v, pos));
    });
  }

  function seatHeader(seat, v) {
    var info = seatInfo(seat);
    var head = el("div", { className: "seathead" });
    var turn = v && v.phase !== "done" && v.next === seat;
    head.appendChild(el("span", { className: "seatname" + (turn ? " turn" : ""), text: seatName(seat) }));
    if (v && v.declarer === seat) head.appendChild(el("span", { className: "tag", text: T.declarer }));
    if (info) {
      if (info.player) {
        var who = playerName(info.player) + (seat === state.you.seat ? " (" + T.you + ")" : "");
        head.appendChild(el("span", { className: "who", text: who }));
        if (info.away) head.appendChild(el("span", { className: "tag away", text: info.robot ? T.robot_in : T.away }));
      } else if (info.robot) {
        head.appendChild(el("span", { className: "tag robot", text: T.robot }));
      } else {
        var forMe = info.reserved_for && info.reserved_for.id === config.user;
        head.appendChild(el("span", { className: "who muted",
          text: info.reserved_for ? T.reserved + T.colon + playerName(info.reserved_for) : info.reserved ? T.reserved : T.empty }));
        if (!state.you.seat && (!info.reserved || forMe)) {
          head.appendChild(el("button", { className: "small", type: "button", "data-sit": seat, text: T.sit_here,
                                          onclick: function () { send({ type: "sit", seat: seat }); } }));
        }
      }
    }
    return head;
  }

  // The cards the player at the bottom may play now, in the order they are drawn.
  function playable(v) {
    if (!v || v.phase !== "play" || !v.legal_cards.length) return [];
    return sortCards(v.legal_cards);
  }

  function handNode(seat, v, pos) {
    // A finished board shows the four hands as dealt (the unplayed ones are empty by then).
    var cards = v.phase === "done" && v.deal ? v.deal[seat] : v.hands[seat];
    if (!cards) {
      var n = v.counts[seat];
      var backs = el("div", { className: "backs", "aria-label": fmt(T.cards_left, { n: n }) });
      for (var i = 0; i < n; i++) backs.appendChild(el("span", { className: "back" }));
      backs.appendChild(el("span", { className: "count", text: String(n) }));
      return backs;
    }
    var legal = v.next === seat ? v.legal_cards : [];
    // Dimmed only while choosing: the cards one may not play now.
    var choosing = legal.length > 0;
    var chosen = playable(v)[ui.selected];
    var sorted = sortCards(cards);
    var wide = pos === "bottom" || (pos === "top" && v.dummy === seat);
    var hand = el("div", { className: "hand" + (wide ? " fan" : " rows"),
                           "aria-label": fmt(T.hand_of, { seat: seatName(seat) }) });
    if (wide) {
      sorted.forEach(function (card) {
        hand.appendChild(cardButton(card, legal.indexOf(card) >= 0, card === chosen, choosing));
      });
      return hand;
    }
    SUITS.forEach(function (suit) {
      var row = el("div", { className: "suitrow" }, [el("span", { className: "suit" + (isRed(suit) ? " red" : ""), text: SYMBOL[suit] })]);
      sorted.filter(function (c) { return c[0] === suit; }).forEach(function (card) {
        var ok = legal.indexOf(card) >= 0;
        row.appendChild(el(ok ? "button" : "span", {
          className: "rankbtn" + (ok ? " legal" : "") + (card === chosen ? " chosen" : ""),
          type: ok ? "button" : null, "data-card": card, text: rankText(card.slice(1)),
          "aria-label": ok ? SYMBOL[suit] + rankText(card.slice(1)) : null,
          onclick: ok ? function () { playCard(card); } : null }));
      });
      hand.appendChild(row);
    });
    return hand;
  }

  function cardButton(card, legal, chosen, choosing) {
    var face = cardNode(card);
    var b = el("button", { className: "card" + (legal ? " legal" : "") + (chosen ? " chosen" : "") +
                                      (choosing && !legal ? " dim" : ""), type: "button",
                           "data-card": card, disabled: !legal,
                           "aria-label": SYMBOL[card[0]] + rankText(card.slice(1)) }, [face]);
    if (legal) b.addEventListener("click", function () { playCard(card); });
    return b;
  }

  function playCard(card) {
    ui.selected = -1;
    send({ type: "card", card: card });
  }

  function renderMiddle(v) {
    var mid = $("middle");
    clear(mid);
    if (!v) return;
    if (v.phase === "auction") {
      // A long auction scrolls in its box on a phone, its latest calls in sight.
      var scroller = el("div", { className: "auctionscroll" });
      mid.appendChild(scroller);
      renderAuction(v, scroller);
      scroller.scrollTop = scroller.scrollHeight;
      return;
    }
    var trick = null, faded = false;
    if (ui.showLast && v.tricks.length) { trick = v.tricks[v.tricks.length - 1]; faded = true; }
    else if (v.current && v.current.cards.length) trick = v.current;
    else if (v.tricks.length && v.phase === "play") { trick = v.tricks[v.tricks.length - 1]; faded = true; }
    if (!trick) return;
    var bottom = bottomSeat();
    var spot = el("div", { className: "trick" + (faded ? " done" : ""), id: "trick" });
    trick.cards.forEach(function (card, i) {
      var seat = nextSeat(trick.leader, i);
      var pos = POSITIONS[(SEATS.indexOf(seat) - SEATS.indexOf(bottom) + 4) % 4];
      spot.appendChild(el("div", { className: "played at-" + pos + (trick.winner === seat ? " winner" : ""),
                                   "data-seat": seat }, [cardNode(card)]));
    });
    mid.appendChild(spot);
  }

  function renderAuction(v, box) {
    clear(box);
    if (!v) return;
    var dealer = v.board.dealer;
    var table = el("table", { className: "auction" });
    var head = el("tr");
    for (var i = 0; i < 4; i++) head.appendChild(el("th", { scope: "col", text: seatName(nextSeat(dealer, i)) }));
    table.appendChild(el("thead", null, [head]));
    var body = el("tbody");
    var row = null;
    var explained = [];
    v.auction.forEach(function (a, i) {
      if (i % 4 === 0) { row = el("tr"); body.appendChild(row); }
      var cell = el("td", { "data-i": String(i), "data-call": a.call }, [callNode(a.call)]);
      if (a.alerted) {
        explained.push(a);
        cell.className = "alerted";
        cell.appendChild(el("sup", { text: String(explained.length), title: a.alert || T.no_explanation }));
      }
      row.appendChild(cell);
    });
    if (v.phase === "auction" && v.next) {
      if (!row || row.children.length === 4) { row = el("tr"); body.appendChild(row); }
      row.appendChild(el("td", { className: "waiting", text: "?" }));
    }
    table.appendChild(body);
    box.appendChild(table);
    if (explained.length) {
      var list = el("ol", { className: "alerts" });
      explained.forEach(function (a) {
        list.appendChild(el("li", null, [callNode(a.call), " ", a.alert || T.no_explanation]));
      });
      box.appendChild(list);
    }
  }

  function renderBidBox(v) {
    var box = $("bidbox");
    var show = v && v.phase === "auction" && state.you.seat;
    box.hidden = !show;
    if (!show) return;
    var legal = v.legal_calls;
    var keep = $("alert-text") ? $("alert-text").value : "";
    clear(box);
    box.appendChild(el("h2", { className: "visually-hidden", text: T.bidding_box }));
    var grid = el("div", { className: "bids", role: "group", "aria-label": T.bidding_box });
    for (var level = 1; level <= 7; level++) {
      STRAINS.forEach(function (strain) {
        var call = level + strain;
        grid.appendChild(bidButton(call, legal.indexOf(call) >= 0));
      });
    }
    box.appendChild(grid);
    var others = el("div", { className: "bids others" });
    ["Pass", "X", "XX"].forEach(function (call) { others.appendChild(bidButton(call, legal.indexOf(call) >= 0)); });
    box.appendChild(others);
    var input = el("input", { type: "text", id: "alert-text", maxlength: "200", autocomplete: "off" });
    input.value = keep;
    box.appendChild(el("div", { className: "alertfield" }, [el("label", { "for": "alert-text", text: T.alert }), input]));
  }

  function bidButton(call, legal) {
    return el("button", { type: "button", className: "bid", "data-call": call, disabled: !legal,
                          "aria-label": call === "Pass" || call === "X" || call === "XX" ? T[call] : call.replace("NT", " " + T.NT),
                          onclick: function () { makeCall(call); } }, [callNode(call)]);
  }

  function makeCall(call) {
    var input = $("alert-text");
    var msg = { type: "call", call: call };
    if (input && input.value.trim()) { msg.alert = input.value.trim(); input.value = ""; }
    send(msg);
  }

  function renderDialogs(v) {
    var box = $("dialogs");
    var kept = keepFields(box);
    clear(box);
    if (!v) return;
    var me = state.you.seat;
    if (v.claim) {
      var c = v.claim;
      var d = el("div", { className: "dialog", role: "dialog", "aria-labelledby": "claim-h", id: "claim-dialog" });
      d.appendChild(el("h2", { id: "claim-h", text: fmt(T.claim_by, { seat: seatName(c.seat), tricks: c.tricks }) }));
      if (c.statement) d.appendChild(el("blockquote", { text: c.statement }));
      if (v.hands[c.seat] && c.seat !== me) {
        d.appendChild(el("p", { className: "k", text: T.claim_hand }));
        d.appendChild(handNode(c.seat, Object.assign({}, v, { legal_cards: [] }), "claim"));
      }
      var buttons = el("div", { className: "row" });
      if (me && c.deciders.indexOf(me) >= 0 && c.accepted.indexOf(me) < 0) {
        buttons.appendChild(el("button", { type: "button", id: "claim-accept", text: T.accept, onclick: function () { send({ type: "claim_answer", accept: true }); } }));
        buttons.appendChild(el("button", { type: "button", className: "danger", id: "claim-reject", text: T.reject, onclick: function () { send({ type: "claim_answer", accept: false }); } }));
      } else if (me === c.seat) {
        d.appendChild(el("p", { className: "muted", text: T.claim_waiting }));
        buttons.appendChild(el("button", { type: "button", className: "secondary", text: T.withdraw, onclick: function () { send({ type: "claim_withdraw" }); } }));
      }
      d.appendChild(buttons);
      box.appendChild(d);
    }
    if (v.undo) {
      var u = v.undo;
      var kind = u.kind === "card" ? T.undo_card : T.undo_call;
      var w = el("div", { className: "dialog", role: "dialog", "aria-labelledby": "undo-h", id: "undo-dialog" });
      w.appendChild(el("h2", { id: "undo-h", text: fmt(T.undo_by, { seat: seatName(u.seat), kind: kind }) }));
      var row = el("div", { className: "row" });
      if (me && u.deciders.indexOf(me) >= 0 && u.accepted.indexOf(me) < 0) {
        row.appendChild(el("button", { type: "button", id: "undo-accept", text: T.accept, onclick: function () { send({ type: "undo_answer", accept: true }); } }));
        row.appendChild(el("button", { type: "button", className: "danger", text: T.reject, onclick: function () { send({ type: "undo_answer", accept: false }); } }));
      } else if (me === u.seat) {
        row.appendChild(el("button", { type: "button", className: "secondary", text: T.withdraw, onclick: function () { send({ type: "undo_withdraw" }); } }));
      }
      w.appendChild(row);
      box.appendChild(w);
    }
    if (ui.claimOpen && !v.claim && v.phase === "play") box.appendChild(claimForm(v));
    restoreFields(kept);
    var tricks = $("claim-tricks");
    if (tricks && tricks.selectedIndex < 0) tricks.selectedIndex = 0;  // fewer tricks remain now
  }

  function claimForm(v) {
    var left = 13 - v.declarer_tricks - v.defender_tricks;
    var f = el("form", { className: "dialog stackish", id: "claim-form" });
    var select = el("select", { id: "claim-tricks" });
    for (var i = left; i >= 0; i--) select.appendChild(el("option", { value: String(i), text: String(i) }));
    var statement = el("textarea", { id: "claim-statement", maxlength: "300", rows: "2" });
    f.appendChild(el("label", { "for": "claim-tricks", text: T.claim_tricks }));
    f.appendChild(select);
    f.appendChild(el("label", { "for": "claim-statement", text: T.claim_statement }));
    f.appendChild(statement);
    f.appendChild(el("div", { className: "row" }, [
      el("button", { type: "submit", text: T.send_claim }),
      el("button", { type: "button", className: "secondary", text: T.cancel,
                     onclick: function () { ui.claimOpen = false; render(); } })]));
    f.addEventListener("submit", function (e) {
      e.preventDefault();
      ui.claimOpen = false;
      send({ type: "claim", tricks: parseInt(select.value, 10), statement: statement.value.trim() });
    });
    return f;
  }

  function renderActions(v) {
    var box = $("actions");
    clear(box);
    var me = state.you.seat;
    if (!v || !me) return;
    var row = el("div", { className: "row" });
    var pending = v.claim || v.undo;
    var led = v.tricks.length > 0 || (v.current && v.current.cards.length > 0);
    if (v.phase === "play" && led && !pending && me !== v.dummy && !ui.claimOpen) {  // Law 68: after the lead
      row.appendChild(el("button", { type: "button", id: "claim-open", className: "secondary", text: T.claim,
                                     onclick: function () {
                                       ui.claimOpen = true; render();
                                       // Where a phone has no room for it under the table.
                                       $("claim-form").scrollIntoView({ block: "nearest" });
                                     } }));
    }
    if (v.undo_allowed && v.phase !== "done" && !pending && lastMoveOwner(v) === me) {
      row.appendChild(el("button", { type: "button", id: "undo", className: "secondary", text: T.undo,
                                     onclick: function () { send({ type: "undo" }); } }));
    }
    row.appendChild(el("button", { type: "button", id: "stand", className: "secondary", text: T.stand,
                                   onclick: function () { send({ type: "stand" }); } }));
    box.appendChild(row);
  }

  // Who may ask to take the last move back (the server decides again): whoever made the
  // last call, or played the last card (declarer for dummy's); never the opening lead.
  function lastMoveOwner(v) {
    var cards = [];
    v.tricks.forEach(function (t) { t.cards.forEach(function (c, i) { cards.push(nextSeat(t.leader, i)); }); });
    if (v.current) v.current.cards.forEach(function (c, i) { cards.push(nextSeat(v.current.leader, i)); });
    if (cards.length === 1) return null;
    if (cards.length) {
      var seat = cards[cards.length - 1];
      return seat === v.dummy ? v.declarer : seat;
    }
    if (!v.auction.length) return null;
    return nextSeat(v.board.dealer, v.auction.length - 1);
  }

  function renderLastTrick(v) {
    var box = $("lasttrick-panel");
    clear(box);
    if (!v || !v.tricks.length) return;
    box.appendChild(el("button", { type: "button", id: "last-trick", className: "secondary",
                                   "aria-pressed": ui.showLast ? "true" : "false",
                                   text: ui.showLast ? T.hide_last_trick : T.last_trick,
                                   onclick: toggleLast }));
    if (ui.showLast) {
      var t = v.tricks[v.tricks.length - 1];
      var list = el("ol", { className: "lasttrick" });
      t.cards.forEach(function (card, i) {
        var seat = nextSeat(t.leader, i);
        list.appendChild(el("li", { className: t.winner === seat ? "winner" : "" },
                            [el("span", { text: T[seat + "1"] + " " }), cardNode(card)]));
      });
      box.appendChild(list);
    }
  }

  function toggleLast() { ui.showLast = !ui.showLast; render(); }

  function vulnerableDeclarer(v) {
    var vul = v.board.vulnerability, d = v.declarer;
    if (!d) return false;
    if (vul === "Both") return true;
    if (vul === "NS") return d === "N" || d === "S";
    if (vul === "EW") return d === "E" || d === "W";
    return false;
  }

  function renderEnd(v) {
    var box = $("endbox");
    var done = v && v.phase === "done";
    box.hidden = !done && !ui.finished;
    clear(box);
    if (!done) { if (ui.finished) box.appendChild(el("p", { text: T.finished })); return; }
    box.appendChild(el("h2", { id: "result" }, [T.result + T.colon, resultNode(v)]));
    box.appendChild(el("p", { id: "score-ns" }, [T.score_ns + T.colon, el("b", { text: String(v.score_ns) })]));
    var key = v.contract + "/" + v.tricks_taken + "/" + vulnerableDeclarer(v);
    if (v.contract && v.contract !== "pass") {
      if (ui.scoreKey !== key) { ui.scoreKey = key; ui.score = null; fetchScore(v, key); }
      if (ui.score) box.appendChild(el("p", { id: "arithmetic" }, [T.arithmetic + T.colon,
        el("code", null, arithNodes(ui.score.expression + " = " + ui.score.total))]));
    }
    var index = state.table && state.table.board_index;
    if (index) {
      box.appendChild(el("p", null, [el("a", { id: "game-record", href: config.records + index + "/",
                                               text: T.game_record })]));
    }
    box.appendChild(el("p", { className: "muted", text: ui.finished ? T.finished : T.next_board }));
  }

  function fetchScore(v, key) {
    var url = config.score_url + "?contract=" + encodeURIComponent(v.contract) + "&tricks=" + v.tricks_taken +
      "&vulnerable=" + (vulnerableDeclarer(v) ? "1" : "0");
    fetch(url, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data && ui.scoreKey === key) { ui.score = data; render(); } })
      .catch(function () {});
  }

  function renderHost() {
    var box = $("hostbox");
    box.hidden = !state.you.host;
    var wasOpen = box.querySelector("details") ? box.querySelector("details").open : false;
    var kept = keepFields(box);
    clear(box);
    if (!state.you.host || !state.table) return;
    var details = el("details", { open: wasOpen });
    details.appendChild(el("summary", { text: T.host_controls }));
    box.appendChild(details);
    box = details;
    box.appendChild(el("button", { type: "button", className: "small secondary", id: "fill-robots", text: T.fill_robots,
                                   onclick: function () { send({ type: "fill_robots" }); } }));
    var list = el("ul", { className: "plain hostseats" });
    SEATS.forEach(function (seat) {
      var info = seatInfo(seat) || {};
      var li = el("li", { "data-host-seat": seat }, [el("b", { text: seatName(seat) + " " })]);
      if (!info.robot || info.player) {
        li.appendChild(el("button", { type: "button", className: "small secondary", text: T.seat_robot,
                                      onclick: function () { send({ type: "robot", seat: seat }); } }));
      }
      if (info.player || info.robot) {
        li.appendChild(el("button", { type: "button", className: "small danger", text: info.player ? T.remove : T.remove_robot,
                                      onclick: function () { send({ type: "remove", seat: seat }); } }));
      }
      if (!info.player) {
        var input = el("input", { type: "text", maxlength: "150", id: "reserve-" + seat, "aria-label": T.reserve + " (" + seatName(seat) + ")",
                                  placeholder: T.reserve, className: "reserve" });
        li.appendChild(input);
        li.appendChild(el("button", { type: "button", className: "small secondary", text: T.reserve_send,
                                      onclick: function () { send({ type: "reserve", seat: seat, user: input.value.trim() || null }); } }));
      }
      list.appendChild(li);
    });
    box.appendChild(list);
    restoreFields(kept);
  }

  function renderTyped() {
    var t = $("typed");
    t.hidden = !ui.typed;
    t.textContent = ui.typed ? T.typed + T.colon + ui.typed : "";
  }

  // -- keys -----------------------------------------------------------------------------------

  var RANK_KEYS = { a: "A", k: "K", q: "Q", j: "J", t: "T", "10": "T" };

  function parseRank(text) {
    if (RANK_KEYS[text]) return RANK_KEYS[text];
    if (/^[2-9]$/.test(text)) return text;
    return null;
  }

  function typedCard(v, text) {
    // "sa", "h10", "ht", or a rank alone when only one playable card has it.
    var legal = playable(v);
    if (/^[shdc]$/.test(text)) return { done: false };  // the rank follows
    var m = /^([shdc])(.+)$/.exec(text);
    if (m) {
      var r = parseRank(m[2]);
      return r ? { card: m[1].toUpperCase() + r, done: true } : { done: m[2] !== "1" };
    }
    var rank = parseRank(text);
    if (rank) {
      var hits = legal.filter(function (c) { return c.slice(1) === rank; });
      if (hits.length === 1) return { card: hits[0], done: true };
      return { done: false };
    }
    return { done: text !== "1" };
  }

  function typedCall(text) {
    var m = /^([1-7])([cdhs]|n|nt)$/.exec(text);
    if (m) return m[1] + (m[2][0] === "n" ? "NT" : m[2].toUpperCase());
    if (text === "p") return "Pass";
    if (text === "xx") return "XX";
    return null;
  }

  document.addEventListener("keydown", function (e) {
    var target = e.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var v = state.view;
    if (!v || !state.you.seat) return;
    var key = e.key;
    if (key === "Escape") { ui.typed = ""; ui.selected = -1; render(); return; }
    if (v.phase === "play" && (key === "ArrowLeft" || key === "ArrowRight")) {
      var legal = playable(v);
      if (!legal.length) return;
      e.preventDefault();
      ui.selected = ui.selected < 0 ? 0 : (ui.selected + (key === "ArrowRight" ? 1 : legal.length - 1)) % legal.length;
      render();
      return;
    }
    if (key === "Enter") {
      if (v.phase === "play" && ui.selected >= 0 && playable(v)[ui.selected]) {
        e.preventDefault(); playCard(playable(v)[ui.selected]); return;
      }
      if (v.phase === "auction" && ui.typed) {
        e.preventDefault();
        var call = ui.typed === "x" ? "X" : typedCall(ui.typed);
        ui.typed = "";
        if (call) makeCall(call); else render();
      }
      return;
    }
    if (key === " ") { if (ui.typed) e.preventDefault(); return; }  // "s a" reads as "sa"
    if (key.length !== 1) return;
    var k = key.toLowerCase();
    if (k === "l" && !ui.typed && v.phase !== "auction") { toggleLast(); return; }
    if (!/[0-9a-z]/.test(k)) return;
    ui.typed += k;
    if (v.phase === "play") {
      var got = typedCard(v, ui.typed);
      if (got.card) { ui.typed = ""; playCard(got.card); return; }
      if (got.done) ui.typed = "";
    } else if (v.phase === "auction") {
      var c = typedCall(ui.typed);
      if (c) { ui.typed = ""; makeCall(c); return; }
      // X and XX are never both legal: a lone x doubles unless a redouble is what is open.
      if (ui.typed === "x" && v.legal_calls.indexOf("XX") < 0) { ui.typed = ""; makeCall("X"); return; }
      if (!/^([1-7]n?|x|p)$/.test(ui.typed)) ui.typed = "";
    } else {
      ui.typed = "";
    }
    renderTyped();
  });

  // A quiet table still talks now and then, so that no proxy closes the socket as idle.
  window.setInterval(function () {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
  }, 25000);

  render();
  connect();
})();
