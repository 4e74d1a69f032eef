// The TV flashboard: render the board snapshot, follow Server-Sent Events, animate "any row" patterns.
(function () {
  var body = document.body;
  var letters = ["B", "I", "N", "G", "O"];
  var grids = [], gridIndex = 0;

  function build() {
    var table = document.getElementById("called");
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

  function drawPattern() {
    var box = document.getElementById("pattern");
    box.textContent = "";
    if (!grids.length) return;
    var grid = grids[gridIndex % grids.length];
    for (var r = 0; r < 5; r++) for (var c = 0; c < 5; c++) {
      var cell = document.createElement("div");
      cell.className = "cell" + (grid[r][c] ? " on" : "");
      box.appendChild(cell);
    }
  }

  function render(board) {
    document.getElementById("org").textContent = board.organization;
    document.getElementById("jar-number").textContent = board.cookie_jar_number || "--";
    document.getElementById("jar1").textContent = board.jar1 || "--";
    document.getElementById("jar2").textContent = board.jar2 || "--";
    document.getElementById("helpline").textContent = board.helpline;
    var game = board.game;
    var called = {};
    if (game) {
      game.calls.forEach(function (n) { called[n] = true; });
      document.getElementById("game-title").textContent = "Game " + game.number + ": " + game.pattern;
      document.getElementById("last").textContent = game.last || "--";
      document.getElementById("count").textContent = game.count;
      document.getElementById("pattern-name").textContent = game.pattern;
      document.getElementById("prize").textContent = game.prize;
      grids = game.grids;
    }
    for (var n = 1; n <= 75; n++) {
      var cell = document.getElementById("n" + n);
      cell.className = called[n] ? (game && game.calls[game.calls.length - 1] === n ? "latest" : "hit") : "";
    }
    drawPattern();
  }

  build();
  fetch(body.dataset.state).then(function (r) { return r.json(); }).then(function (state) {
    render(state.board);
    Live.follow(body.dataset.events, state.id, render, function (up) {
      document.getElementById("conn").textContent = up ? "" : "reconnecting…";
    });
  });
  setInterval(function () { gridIndex++; drawPattern(); }, 1000);
})();
