// The replay of finished boards: one step is one call or one card.  The data (the dealt
// hands, the calls, the cards with the hand that played each, every trick's leader and
// winner) and the words (in the reader's language) come from the page as JSON; nothing here
// is in English or Chinese.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  if (!root) return;
  var boards = JSON.parse(document.getElementById("replay-data").textContent);
  var words = JSON.parse(document.getElementById("replay-words").textContent);
  var ORDER = ["N", "E", "S", "W"];
  var current = parseInt(root.getAttribute("data-first"), 10) || 0;
  var step = 0;

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
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function board() { return boards[current]; }
  function total() { return board().calls.length + board().cards.length; }

  function drawHands(played) {
    var b = board();
    ORDER.forEach(function (seat) {
      var box = root.querySelector('[data-hand="' + seat + '"]');
      box.textContent = "";
      var who = el("p", "who");
      who.appendChild(el("strong", null, b.seat_names[seat]));
      box.appendChild(who);
      var list = el("ul", "suits");
      ["♠", "♥", "♦", "♣"].forEach(function (symbol) {
        var li = el("li");
        var mark = el("span", "suit" + (symbol === "♥" || symbol === "♦" ? " red" : ""), symbol);
        mark.setAttribute("aria-hidden", "true");
        li.appendChild(mark);
        var any = false;
        b.hands[seat].forEach(function (c) {
          if (c.suit !== symbol) return;
          any = true;
          li.appendChild(document.createTextNode(" "));
          var r = el("span", played[c.code] ? "gone" : null, c.rank);
          li.appendChild(r);
        });
        if (!any) li.appendChild(document.createTextNode(" —"));
        list.appendChild(li);
      });
      box.appendChild(list);
    });
  }

  function drawAuction(n) {
    var b = board();
    var table = document.getElementById("replay-auction");
    var head = table.querySelector("thead tr");
    var body = table.querySelector("tbody");
    head.textContent = "";
    body.textContent = "";
    var first = ORDER.indexOf(b.dealer);
    for (var i = 0; i < 4; i++) head.appendChild(el("th", null, b.seat_names[ORDER[(first + i) % 4]]));
    var row = null;
    for (var k = 0; k < b.calls.length; k++) {
      if (k % 4 === 0) { row = el("tr"); body.appendChild(row); }
      var td = el("td");
      if (k < n) {
        var c = b.calls[k];
        td.appendChild(el("span", c.red ? "red" : (c.pass ? "pass" : null), c.text));
        if (c.alert) {
          var sup = el("sup", "alerted", "*");
          sup.title = c.alert;
          td.appendChild(sup);
        }
        if (k === n - 1 && n <= b.calls.length && step <= b.calls.length) td.className = "now";
      }
      row.appendChild(td);
    }
  }

  function draw() {
    var b = board();
    var calls = b.calls.length;
    var shownCalls = Math.min(step, calls);
    var cards = Math.max(0, step - calls);
    document.getElementById("replay-title").textContent = say("board", {n: b.number});
    document.getElementById("replay-info").textContent =
      b.contract + (b.result ? " · " + b.result : "");
    var played = {};
    for (var i = 0; i < cards; i++) played[b.cards[i].code] = true;
    drawHands(played);
    drawAuction(shownCalls);
    // The trick on the table: the cards of the trick the last card belongs to.
    var trickBox = document.getElementById("replay-trick");
    trickBox.textContent = "";
    var status = [];
    if (cards > 0) {
      var t = Math.floor((cards - 1) / 4);
      for (var j = t * 4; j < cards; j++) {
        var c = b.cards[j];
        var s = el("span", "t-" + c.seat + (c.red ? " red" : ""), c.suit + c.rank);
        trickBox.appendChild(s);
      }
      var decl = 0, def = 0;
      var complete = Math.floor(cards / 4);
      for (var k = 0; k < complete; k++) {
        var w = b.tricks[k].winner;
        if (w && b.declarer && (ORDER.indexOf(w) % 2) === (ORDER.indexOf(b.declarer) % 2)) decl++;
        else def++;
      }
      status.push(say("trick", {n: t + 1}));
      if (cards % 4 === 0 && b.tricks[t] && b.tricks[t].winner) {
        status.push(say("won", {seat: b.seat_names[b.tricks[t].winner]}));
      }
      status.push(say("tricks", {d: decl, e: def}));
      if (step === total() && b.claim !== null) status.push(say("claim", {n: b.claim}));
    } else if (step === 0) {
      status.push(say("start"));
    } else {
      status.push(say("auction"));
    }
    document.getElementById("replay-status").textContent = status.join(" · ");
    document.getElementById("replay-step").textContent = say("step", {n: step, total: total()});
    root.querySelector('[data-go="prev"]').disabled = step === 0;
    root.querySelector('[data-go="first"]').disabled = step === 0;
    root.querySelector('[data-go="next"]').disabled = step === total();
    root.querySelector('[data-go="last"]').disabled = step === total();
    root.setAttribute("data-step", String(step));
  }

  function go(where) {
    if (where === "first") step = 0;
    else if (where === "last") step = total();
    else if (where === "prev") step = Math.max(0, step - 1);
    else if (where === "next") step = Math.min(total(), step + 1);
    draw();
  }

  root.querySelectorAll("[data-go]").forEach(function (b) {
    b.addEventListener("click", function () { go(b.getAttribute("data-go")); });
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    var map = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"};
    if (map[e.key]) { e.preventDefault(); go(map[e.key]); }
  });
  document.querySelectorAll("[data-board]").forEach(function (a) {
    a.addEventListener("click", function (e) {
      e.preventDefault();
      current = parseInt(a.getAttribute("data-board"), 10);
      step = 0;
      document.querySelectorAll("[data-board]").forEach(function (x) {
        x.setAttribute("aria-current", x === a ? "true" : "false");
      });
      draw();
    });
  });
  draw();
})();
