// The program and house-rules page: print a copy on this station's receipt printer for a player. A copy
// that did not print is said in the message bar with the reason; it waits in the reprint queue (the
// cashier's screen prints it again once the printer is back).
(function () {
  ["print-program", "print-house-rules"].forEach(function (id) {
    var button = document.getElementById(id);
    button.addEventListener("click", function () {
      Station.send("POST", button.dataset.print, undefined).then(function (job) {
        if (job.status === "printed") Station.tell("Printed.");
        else Station.say("Did not print: " + (job.last_error || job.status) +
          ". The copy waits in the reprint queue on the cashier's screen.");
      }).catch(function () {});
    });
  });
})();
