// The printed rules page: print a copy on this station's receipt printer for a player.
(function () {
  var root = document.getElementById("rules");
  document.getElementById("print-rules").addEventListener("click", function () {
    Station.send("POST", root.dataset.print, undefined).then(function (job) {
      document.getElementById("printed").textContent = job.status === "printed" ? "Printed." : "Did not print: " + (job.last_error || job.status) +
        ". It waits in the reprint queue.";
    }).catch(function () {});
  });
})();
