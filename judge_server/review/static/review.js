// HRM review: keyboard shortcuts and label posting. Every form also works without this script.
(function () {
  "use strict";
  const base = document.body.dataset.base || "/review";
  // the session's CSRF token: the API refuses cookie-authenticated writes without it
  const csrfHeaders = { "X-HRM-CSRF": document.body.dataset.csrf || "" };
  const typing = (el) => el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT");

  // ---- list page
  const table = document.getElementById("judgments");
  const filters = document.getElementById("filters");
  if (filters) {
    filters.querySelectorAll("select").forEach((s) => s.addEventListener("change", () => filters.submit()));
  }
  if (table) {
    const rows = Array.from(table.querySelectorAll("tbody tr"));
    let cur = -1;
    const select = (i) => {
      if (!rows.length) return;
      cur = Math.max(0, Math.min(rows.length - 1, i));
      rows.forEach((r, k) => r.classList.toggle("current", k === cur));
      rows[cur].scrollIntoView({ block: "nearest" });
    };
    document.addEventListener("keydown", (e) => {
      if (typing(document.activeElement) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "j") select(cur + 1);
      else if (e.key === "k") select(cur - 1);
      else if (e.key === "Enter" && cur >= 0) rows[cur].querySelector("a.open").click();
      else if (e.key === "/") { e.preventDefault(); document.getElementById("f-q").focus(); }
      else return;
      e.preventDefault();
    });
  }

  // ---- item page
  const form = document.getElementById("label-form");
  if (form) {
    const targets = Array.from(form.querySelectorAll(".target"));
    const status = document.getElementById("status");
    let cur = 0;
    const focus = (i) => {
      if (!targets.length) return;
      cur = Math.max(0, Math.min(targets.length - 1, i));
      targets.forEach((t, k) => t.classList.toggle("current", k === cur));
      targets[cur].scrollIntoView({ block: "nearest" });
    };
    const blind = form.dataset.blind === "1";
    const inQueue = form.dataset.queue === "1";
    const VERDICT = { pass: true, fail: false, unsure: null, na: null };
    const current = (t) => { const r = t.querySelector("input[type=radio]:checked"); return r ? r.value : ""; };
    const mark = (t, v) => {
      t.querySelectorAll("input[type=radio]").forEach((r) => { r.checked = r.value === v; });
      t.classList.toggle("dirty", v !== t.dataset.saved);
    };
    const advance = () => { if (cur < targets.length - 1) focus(cur + 1); };
    targets.forEach((t, k) => {
      t.addEventListener("click", () => focus(k));
      t.querySelectorAll("input").forEach((i) => i.addEventListener("change", () => t.classList.add("dirty")));
    });
    focus(0);

    const save = async () => {
      const nameInput = document.getElementById("annotator-inline");
      const labels = [];
      const cleared = [];
      targets.forEach((t) => {
        const v = current(t);
        const comment = t.querySelector(".comment").value;
        if (v) labels.push({ target: t.dataset.target, verdict: VERDICT[v], not_applicable: v === "na", comment: comment });
        else if (t.dataset.saved) cleared.push(t.dataset.target);
      });
      if (nameInput && !nameInput.value.trim()) { status.textContent = "Enter your name first."; nameInput.focus(); return false; }
      const uid = form.dataset.uid;
      const who = nameInput ? { annotator: nameInput.value.trim() } : {};
      if (!labels.length && !cleared.length) { status.textContent = "Nothing to save: mark a verdict first."; return false; }
      status.textContent = "Saving…";
      try {
        if (labels.length) {
          const resp = await fetch(`${base}/api/judgments/${uid}/labels`, {
            method: "PUT", headers: Object.assign({ "Content-Type": "application/json" }, csrfHeaders),
            body: JSON.stringify(Object.assign({ labels: labels }, who)),
          });
          const data = await resp.json();
          if (!resp.ok) throw new Error((data.error && data.error.message) || resp.statusText);
        }
        for (const target of cleared) {
          const q = nameInput ? `?annotator=${encodeURIComponent(nameInput.value.trim())}` : "";
          const resp = await fetch(`${base}/api/judgments/${uid}/labels/${encodeURIComponent(target)}${q}`, { method: "DELETE", headers: csrfHeaders });
          if (!resp.ok && resp.status !== 404) throw new Error(resp.statusText);
        }
        targets.forEach((t) => { t.dataset.saved = current(t); t.classList.remove("dirty"); });
        status.textContent = `Saved ${labels.length} label(s)` + (cleared.length ? `, cleared ${cleared.length}` : "") + ".";
        status.className = "saved";
        return true;
      } catch (err) {
        status.textContent = `Not saved: ${err.message}`;
        status.className = "error";
        return false;
      }
    };
    const skip = async () => {
      const nameInput = document.getElementById("annotator-inline");
      const q = nameInput && nameInput.value.trim() ? `?annotator=${encodeURIComponent(nameInput.value.trim())}` : "";
      const resp = await fetch(`${base}/api/judgments/${form.dataset.uid}/skip${q}`, { method: "POST", headers: csrfHeaders });
      if (!resp.ok) {
        const data = await resp.json().catch(() => ({}));
        status.textContent = `Not skipped: ${(data.error && data.error.message) || resp.statusText}`;
        status.className = "error";
        return;
      }
      window.location.href = form.dataset.queueNext;
    };
    // after an answer: in blind mode reload, which now shows the judge's verdicts beside the annotator's (with
    // disagreements marked; in the queue "Next item" then goes on); otherwise in the queue go on at once
    const afterSave = () => {
      if (blind) window.location.reload();
      else if (inQueue) window.location.href = form.dataset.queueNext;
    };
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      if (e.submitter && e.submitter.value === "skip") { await skip(); return; }
      if (await save()) afterSave();
    });

    const go = (id) => { const a = document.getElementById(id); if (a) window.location.href = a.href; };
    document.addEventListener("keydown", async (e) => {
      const active = document.activeElement;
      if (e.key === "Escape" && typing(active)) { active.blur(); e.preventDefault(); return; }
      if (typing(active) || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = targets[cur];
      switch (e.key) {
        case "j": case "ArrowDown": focus(cur + 1); break;
        case "k": case "ArrowUp": focus(cur - 1); break;
        case "p": case "1": if (t) { mark(t, "pass"); advance(); } break;
        case "f": case "2": if (t) { mark(t, "fail"); advance(); } break;
        case "u": case "3": if (t) { mark(t, "unsure"); advance(); } break;
        case "4": if (t) { mark(t, "na"); advance(); } break;
        // blind mode renders no judge verdicts, so "agree with the judge" has nothing to copy
        case "a": if (t && t.dataset.judge) { mark(t, t.dataset.judge); advance(); } break;
        case "A": targets.forEach((x) => { if (!current(x) && x.dataset.judge) mark(x, x.dataset.judge); }); break;
        case "x": if (t) mark(t, ""); break;
        case "c": if (t) t.querySelector(".comment").focus(); break;
        case "s": if (await save() && blind && !inQueue) window.location.reload(); break;
        case "S": if (inQueue) await skip(); break;
        case "n":
          if (inQueue && !blind && !targets.some((x) => x.classList.contains("dirty"))) { window.location.href = form.dataset.queueNext; break; }
          if (await save()) { if (blind) window.location.reload(); else if (inQueue) window.location.href = form.dataset.queueNext; else go("next-item"); }
          break;
        case "]": go("next-item"); break;
        case "[": go("prev-item"); break;
        case "?": { const h = document.getElementById("help"); h.open = !h.open; break; }
        default: return;
      }
      e.preventDefault();
    });
  }

  // ---- calibration page: load a chosen file into the import box
  const file = document.getElementById("import-file");
  if (file) {
    file.addEventListener("change", async () => {
      if (file.files.length) document.getElementById("import-data").value = await file.files[0].text();
    });
  }
})();
