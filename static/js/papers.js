// The program and house-rules page: print a copy on this station's receipt printer for a player.
(function () {
  var said = document.getElementById("printed");
  ["print-program", "print-house-rules"].forEach(function (id) {
    var button = document.getElementById(id);
    button.addEventListener("click", function () {
      Station.send("POST", button.dataset.print, undefined).then(function (job) {
        said.textContent = job.status === "printed" ? "Printed." : "Did not print: " + (job.last_error || job.status) +
          ". It waits in the reprint queue.";
      }).catch(function () {});
    });
  });
})();
