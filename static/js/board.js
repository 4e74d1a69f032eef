// The TV flashboard: render the board snapshot in the state it names, follow Server-Sent Events,
// animate "any row" patterns. After a game closes the snapshot lists its stages (the winners, then
// the next game, then an intermission, each from a number of seconds after the event), and the TV
// moves through them by itself (bingo/rules/board_states.py decides them).
(function () {
  var body = document.body;
  var letters = ["B", "I", "N", "G", "O"];
  var scenes = {
    welcome: "scene-welcome", announced: "scene-announced", calling: "scene-play", break_open: "scene-play",
    checking: "scene-play", winners: "scene-winners", next_game: "scene-next", intermission: "scene-intermission",
    closed: "scene-closed"
  };
  var board = null, stages = [[0, "welcome"]], since = Date.now(), shown = null;
  var animated = [], tick = 0;

  function $(id) { return document.getElementById(id); }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function build() {
    var table = $("called");
    for (var c = 0; c < 5; c++) {
      var row = table.insertRow();
      var th = document.createElement("th");
      th.textContent = letters[c];
      row.appendChild(th);
      for (var n = 1; n <= 15; n++) {
        var cell = row.insertCell();
        cell.id = "n" + (c * 15 + n);
        cell.textContent = c * 15 + n;
      }
    }
  }

  // Shrink a text until it fits its box, on one line first and then on two (a long organization name,
  // a merchandise prize): nothing on the TV is clipped.
  function fit(node) {
    if (!node.offsetParent) return;
    var max = parseFloat(node.dataset.max || "40"), min = parseFloat(node.dataset.min || "20");
    var over = function () { return node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1; };
    var modes = ["nowrap", "normal"];
    for (var m = 0; m < modes.length; m++) {
      node.style.whiteSpace = modes[m];
      for (var size = max; size >= min; size -= 2) {
        node.style.fontSize = size + "px";
        if (!over()) return;
      }
    }
  }

  function fitAll() { Array.prototype.forEach.call(document.querySelectorAll(".fit"), fit); }

  // A pattern's alternatives come as 25-bit masks, cell r*5+c; "any row" patterns cycle through them.
  function drawPattern(box, masks) {
    box.textContent = "";
    if (!masks || !masks.length) return;
    var mask = masks[tick % masks.length];
    for (var i = 0; i < 25; i++) box.appendChild(el("div", "cell" + ((mask >> i) & 1 ? " on" : "")));
  }

  function animate(box, masks) {
    animated.push({box: box, masks: masks});
    drawPattern(box, masks);
  }

  function prizeText(game) {
    return game.prize + (game.by_attendance ? " or more, by attendance" : "");
  }

  // A game on the program as a card: its number, how it is won, the pattern drawn (none for U Pick Em),
  // the prize.
  function gameCard(box, game, heading) {
    box.textContent = "";
    box.hidden = !game;
    if (!game) return;
    var text = el("div", "card-text");
    if (heading) text.appendChild(el("div", "card-heading", heading));
    text.appendChild(el("div", "game-number", "Game " + game.number));
    var pattern = el("div", "card-pattern fit", game.pattern);
    pattern.dataset.max = "52";
    pattern.dataset.min = "26";
    text.appendChild(pattern);
    var prize = el("div", "card-prize fit", "Prize: " + prizeText(game));
    prize.dataset.max = "44";
    prize.dataset.min = "24";
    text.appendChild(prize);
    box.appendChild(text);
    if (game.masks && game.masks.length) {
      var grid = el("div", "pattern medium");
      grid.setAttribute("aria-hidden", "true");
      box.appendChild(grid);
      animate(grid, game.masks);
    } else if (game.kind === "u_pick_em") {
      box.appendChild(el("div", "upick-note", "Your own numbers: no card to cover"));
    }
  }

  function nextLine(game) {
    return game ? "Next: Game " + game.number + " · " + game.pattern + " · " + prizeText(game) : "";
  }

  function stateNow() {
    var elapsed = (Date.now() - since) / 1000, state = stages[0][1];
    stages.forEach(function (stage) { if (stage[0] <= elapsed) state = stage[1]; });
    return state;
  }

  function title(state, game, next) {
    if (state === "welcome") return "Welcome";
    if (state === "closed") return "Thank you for playing";
    if (state === "intermission") return next ? "Intermission" : "All games played";
    if (state === "next_game") return next ? "Up next: Game " + next.number : "Intermission";
    return game ? "Game " + game.number + ": " + game.pattern : "";
  }

  function drawWelcome() {
    $("welcome-org").textContent = board.organization;
    $("welcome-jar").textContent = board.cookie_jar_number || "--";
    $("welcome-jar-note").textContent = board.cookie_jar_number ? "A bingo on this number wins the cookie jar"
      : "Drawn once the balls are checked";
    gameCard($("welcome-next"), board.next_game, "First game");
  }

  function drawAnnounced(game) {
    $("announced-number").textContent = "Game " + game.number;
    $("announced-pattern").textContent = game.pattern;
    $("announced-prize").textContent = game.prize;
    $("announced-how").textContent = game.how || "";
    $("announced-next").textContent = nextLine(board.next_game);
    var card = $("announced-card"), upick = $("announced-upick");
    card.hidden = !game.masks.length;
    upick.hidden = game.kind !== "u_pick_em";
    upick.textContent = "Your own numbers: no card to cover";
    if (game.masks.length) animate(card, game.masks);
  }

  // The calls, count, pattern and prize of the game shown, kept current in every state.
  function fillGame(state, game) {
    var called = {};
    game.calls.forEach(function (n) { called[n] = true; });
    var latest = game.calls[game.calls.length - 1];
    for (var n = 1; n <= 75; n++) $("n" + n).className = called[n] ? (n === latest && state !== "break_open" ? "latest" : "hit") : "";
    $("last").textContent = game.last || "--";
    $("count").textContent = game.count;
    $("pattern-name").textContent = game.pattern;
    $("prize").textContent = game.prize;
  }

  function drawPlay(state, game) {
    $("ball-box").hidden = state !== "calling";
    $("checking").hidden = state !== "checking";
    $("posted-box").hidden = state !== "break_open";
    $("posted-count").textContent = game.count + " numbers posted, lit on the board";
    var upick = $("upick-note");
    upick.hidden = game.kind !== "u_pick_em";
    upick.textContent = "Your own numbers: no card to cover";
    $("pattern").hidden = !game.masks.length;
    if (game.masks.length) animate($("pattern"), game.masks);
    var sorted = game.calls.slice().sort(function (a, b) { return a - b; });
    $("posted-list").textContent = state === "break_open" ? sorted.join(" · ") : "";
    $("strip-row").hidden = state === "break_open";
    var strip = $("strip");
    strip.textContent = "";
    (game.last_balls || []).forEach(function (text, i) { strip.appendChild(el("li", i === 0 ? "newest" : "", text)); });
  }

  function label(n) { return letters[Math.floor((n - 1) / 15)] + "-" + n; }

  function face(winner) {
    var table = el("table", "face");
    var head = table.insertRow();
    letters.forEach(function (l) { head.appendChild(el("th", null, l)); });
    winner.grid.forEach(function (row) {
      var tr = table.insertRow();
      row.forEach(function (square) {
        var td = tr.insertCell();
        td.textContent = square.number === null ? "FREE" : square.number;
        td.className = (square.winning ? "winning" : square.covered ? "covered" : "open") + (square.number === null ? " free" : "");
      });
    });
    return table;
  }

  function shareText(winner, game, closed) {
    if (!closed) return "Verified";
    if (winner.merchandise_won) return "Wins the prize";
    if (winner.qualified) return "Qualifies for a later game";
    if (!winner.share) return "";
    return (game.winners_total > 1 ? "Share " : "Wins ") + winner.share;
  }

  function winnersNote(game, total, closed) {
    if (game.merchandise && total > 1) {
      return " · " + total + " qualified: " + (closed ? "one was drawn to win it" : "one is drawn to win it when the game closes");
    }
    if (total > 1) return " · " + total + " winners" + (closed ? " share it" : ": the prize is shared when the game closes");
    return closed ? "" : " · verified";
  }

  function drawWinners(game) {
    var closed = game.status === "closed";
    $("winners-title").textContent = "Game " + game.number + ": " + game.pattern;
    var total = game.winners_total;
    $("winners-prize").textContent = "Prize: " + game.prize + winnersNote(game, total, closed);
    var jar = $("winners-jar");
    jar.hidden = !game.jar_award;
    jar.textContent = game.jar_award ? "Cookie jar " + game.jar_award : "";
    var cards = $("winner-cards");
    cards.textContent = "";
    cards.dataset.count = game.winners.length;
    game.winners.forEach(function (winner) {
      var card = el("div", "winner-card");
      if (winner.grid) {
        card.appendChild(face(winner));
        card.appendChild(el("div", "winner-name", "Face " + winner.face_number));
      } else {
        var picks = el("ol", "picks" + (winner.numbers.length > 12 ? " many" : ""));
        winner.numbers.forEach(function (n) { picks.appendChild(el("li", null, label(n))); });
        card.appendChild(el("div", "winner-name", "Ticket " + winner.ticket));
        card.appendChild(picks);
      }
      var share = el("div", "winner-share fit", shareText(winner, game, closed));
      share.dataset.max = "36";
      share.dataset.min = "22";
      card.appendChild(share);
      if (winner.jar_share) card.appendChild(el("div", "winner-jar", "Cookie jar " + winner.jar_share));
      cards.appendChild(card);
    });
    var more = total - game.winners.length;
    $("winners-more").hidden = more <= 0;
    $("winners-more").textContent = "+ " + more + " more";
    $("winners-next").textContent = closed ? nextLine(board.next_game) : "";
  }

  function drawIntermission() {
    var next = board.next_game;
    $("intermission-title").textContent = next ? "Intermission" : "That's all the games";
    $("intermission-note").textContent = next ? "We'll be right back with the next game." : "That was the last game on tonight's program. Thank you for playing!";
    gameCard($("intermission-next"), next, "Coming up");
  }

  function drawClosed() {
    $("closed-org").textContent = board.organization;
    var jars = $("closed-jars");
    jars.textContent = "";
    if (board.jar1) {
      jars.appendChild(el("div", "jar-standing", "Cookie jar 1 stands at " + board.jar1));
      jars.appendChild(el("div", "jar-standing", "Cookie jar 2 stands at " + board.jar2));
    }
    $("closed-jars-note").textContent = board.jar1 ? "The cookie jars carry over to the next occasion." : "";
    $("closed-helpline").textContent = board.helpline;
  }

  function draw() {
    if (!board) return;
    var state = stateNow(), game = board.game;
    if (!game && state !== "closed") state = "welcome";
    shown = state;
    animated = [];
    body.dataset.boardState = state;
    var scene = scenes[state] || "scene-welcome";
    Object.keys(scenes).forEach(function (key) { $(scenes[key]).hidden = scenes[key] !== scene; });
    $("org").textContent = board.organization;
    $("game-title").textContent = title(state, game, board.next_game);
    $("jar-number").textContent = board.cookie_jar_number || "--";
    document.querySelectorAll(".jar-item").forEach(function (item) { item.hidden = !board.runs_cookie_jar; });
    $("welcome-jar-box").hidden = !board.runs_cookie_jar;
    $("jar1").textContent = board.jar1 || "--";
    $("jar2").textContent = board.jar2 || "--";
    $("helpline").textContent = board.helpline;
    if (game) fillGame(state, game);
    if (state === "welcome") drawWelcome();
    else if (state === "announced") drawAnnounced(game);
    else if (state === "calling" || state === "checking" || state === "break_open") drawPlay(state, game);
    else if (state === "winners") drawWinners(game);
    else if (state === "next_game") gameCard($("next-card"), board.next_game, null);
    else if (state === "intermission") drawIntermission();
    else if (state === "closed") drawClosed();
    fitAll();
  }

  // age: how many seconds ago the event was written (the state endpoint says; a live event is new).
  function render(next, age) {
    // A board written before these states existed (an upgrade mid-occasion) has none of their keys.
    if (next.game) {
      next.game.masks = next.game.masks || [];
      next.game.last_balls = next.game.last_balls || [];
      next.game.winners = next.game.winners || [];
    }
    board = next;
    stages = next.stages || [[0, next.game ? "calling" : "welcome"]];
    since = Date.now() - (age || 0) * 1000;
    draw();
  }

  build();
  fetch(body.dataset.state).then(function (r) { return r.json(); }).then(function (state) {
    render(state.board, state.age);
    Live.follow(body.dataset.events, state.id, function (next) { render(next, 0); }, function (up) {
      $("conn").textContent = up ? "" : "reconnecting…";
    });
  });
  setInterval(function () {
    tick++;
    if (board && stateNow() !== shown) { draw(); return; }
    animated.forEach(function (a) { drawPattern(a.box, a.masks); });
  }, 1000);
})();
