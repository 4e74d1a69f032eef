// The printed rules page: print a copy on this station's receipt printer for a player.
(function () {
  var root = document.getElementById("rules");
  document.getElementById("print-rules").addEventListener("click", function () {
    Station.send("POST", root.dataset.print, undefined).then(function (job) {
      document.getElementById("printed").textContent = PrintQueue.printed(job) ? "Printed." : PrintQueue.outcome(job, "The copy");
      PrintQueue.changed();
    }).catch(function () {});
  });
})();
