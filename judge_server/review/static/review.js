// HRM review: keyboard shortcuts and label posting. Every form also works without this script.
(function () {
  "use strict";
  const base = document.body.dataset.base || "/review";
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
    const radio = (t, v) => t.querySelector(`input[type=radio][value=${v}]`);
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
        if (v) labels.push({ target: t.dataset.target, verdict: v === "pass", comment: comment });
        else if (t.dataset.saved) cleared.push(t.dataset.target);
      });
      if (nameInput && !nameInput.value.trim()) { status.textContent = "Enter your name first."; nameInput.focus(); return false; }
      const uid = form.dataset.uid;
      const who = nameInput ? { annotator: nameInput.value.trim() } : {};
      status.textContent = "Saving…";
      try {
        if (labels.length) {
          const resp = await fetch(`${base}/api/judgments/${uid}/labels`, {
            method: "PUT", headers: { "Content-Type": "application/json" },
            body: JSON.stringify(Object.assign({ labels: labels }, who)),
          });
          const data = await resp.json();
          if (!resp.ok) throw new Error((data.error && data.error.message) || resp.statusText);
        }
        for (const target of cleared) {
          const q = nameInput ? `?annotator=${encodeURIComponent(nameInput.value.trim())}` : "";
          const resp = await fetch(`${base}/api/judgments/${uid}/labels/${encodeURIComponent(target)}${q}`, { method: "DELETE" });
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
    form.addEventListener("submit", (e) => { e.preventDefault(); save(); });

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
        case "a": if (t && t.dataset.judge) { mark(t, t.dataset.judge); advance(); } break;
        case "A": targets.forEach((x) => { if (!current(x) && x.dataset.judge) mark(x, x.dataset.judge); }); break;
        case "x": if (t) mark(t, ""); break;
        case "c": if (t) t.querySelector(".comment").focus(); break;
        case "s": await save(); break;
        case "n": if (await save()) go("next-item"); break;
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
