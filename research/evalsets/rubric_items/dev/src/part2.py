from common import item, lab, resp

PROMPTS = []

# ---------------------------------------------------------------- programming 1
PROMPTS.append({
"prompt_id": "prog-python-wordfreq",
"domain": "programming help",
"query": "Using Python 3.11 and no external libraries, write a function that reads a UTF-8 text file and returns the N most common words, case-insensitive, ignoring punctuation. Include a short usage example.",
"items": [
 item("stdlib_only", 5, "Does the code use only the Python standard library (no third-party packages such as nltk, pandas or the 'regex' package)?", veto=True),
 item("case_insensitive", 4, "Does the code lowercase or casefold words before counting?"),
 item("ignores_punctuation", 4, "Does the code strip or ignore punctuation so that, e.g., 'word,' and 'word' are counted as the same word?"),
 item("utf8_explicit", 3, "Does the code open the file with an explicit UTF-8 encoding (encoding='utf-8' or equivalent)?"),
 item("top_n", 4, "Does the function return the N most common words (e.g., via Counter.most_common(n) or equivalent sorting)?"),
 item("usage_example", 2, "Does the response include a short usage example?"),
 item("closes_file", 1, "Does the code use a with statement (or otherwise ensure the file is closed)?"),
 item("explanation", 1, "Does the response briefly explain how the code works?"),
 item("newer_syntax", -3, "Does the code use syntax or features that are not available in Python 3.11 (e.g., the 3.12 'type' alias statement)?"),
],
"responses": [
resp("a", 9, "none",
 lab(stdlib_only="y", case_insensitive="y", ignores_punctuation="y", utf8_explicit="y", top_n="y", usage_example="y", closes_file="y", explanation="y", newer_syntax="n"),
r'''
Here's a standard-library-only solution:

```python
import re
from collections import Counter
from pathlib import Path

# Runs of letters/digits (Unicode-aware), allowing internal apostrophes: don't, l'été
WORD_RE = re.compile(r"[^\W_]+(?:'[^\W_]+)*")

def top_words(path: str | Path, n: int = 10) -> list[tuple[str, int]]:
    """Return the n most common words in a UTF-8 text file, case-insensitively."""
    counts: Counter[str] = Counter()
    with open(path, encoding="utf-8") as f:
        for line in f:
            counts.update(WORD_RE.findall(line.casefold()))
    return counts.most_common(n)
```

**Usage**

```python
if __name__ == "__main__":
    for word, count in top_words("moby_dick.txt", 5):
        print(f"{word}: {count}")
```

**How it works**
- The file is read line by line inside a `with` block, so large files don't need to fit in memory and the file is always closed.
- `casefold()` is a stronger version of `lower()` that also handles cases like German "ß".
- The regex keeps runs of letters and digits (Unicode-aware, underscores excluded) and drops punctuation, so "Whale," and "whale" count as the same word.
- `Counter.most_common(n)` returns the `n` highest-count `(word, count)` pairs, sorted by count.

The `str | Path` annotation works on Python 3.10+, so it's fine on 3.11.
'''),
resp("b", 5, "It never lowercases the words (so 'The' and 'the' are counted separately) and opens the file without specifying UTF-8.",
 lab(stdlib_only="y", case_insensitive="n", ignores_punctuation="y", utf8_explicit="n", top_n="y", usage_example="y", closes_file="y", explanation="y", newer_syntax="n"),
r'''
You can do this with `collections.Counter` and the `string` module:

```python
import string
from collections import Counter

def top_words(filename, n=10):
    with open(filename) as f:
        words = f.read().split()
    cleaned = [w.strip(string.punctuation) for w in words]
    cleaned = [w for w in cleaned if w]
    return Counter(cleaned).most_common(n)
```

Example:

```python
print(top_words("article.txt", 3))
# [('the', 120), ('of', 64), ('and', 58)]
```

How it works: the file is split on whitespace, punctuation is stripped from both ends of each token with `str.strip(string.punctuation)`, empty strings are dropped, and `Counter.most_common(n)` returns the n most frequent words with their counts. Everything used here is part of the standard library, so there's nothing to install.
'''),
resp("c", 4, "It uses the 'type WordCounts = ...' alias statement, which is Python 3.12+ syntax and a SyntaxError on Python 3.11, despite claiming it runs on 3.11.",
 lab(stdlib_only="y", case_insensitive="y", ignores_punctuation="y", utf8_explicit="y", top_n="y", usage_example="y", closes_file="y", explanation="y", newer_syntax="y"),
r'''
```python
import re
from collections import Counter

type WordCounts = list[tuple[str, int]]

def most_common_words(path: str, n: int = 10) -> WordCounts:
    # Return the n most frequent words in a UTF-8 file, ignoring case and punctuation.
    with open(path, encoding="utf-8") as fh:
        text = fh.read().lower()
    words = re.findall(r"[a-z']+", text)
    return Counter(words).most_common(n)


if __name__ == "__main__":
    for word, count in most_common_words("notes.txt", n=5):
        print(word, count)
```

Notes:
- `re.findall(r"[a-z']+", ...)` pulls out runs of letters (and apostrophes, so "don't" stays one word), which discards punctuation and digits.
- Lowercasing first makes the count case-insensitive.
- The `type` alias keeps the return annotation readable. Only built-in modules are used, so this runs on a stock Python 3.11 install.
'''),
resp("d", 3, "It relies on NLTK (a third-party package that must be pip-installed and needs a data download), violating the 'no external libraries' constraint.",
 lab(stdlib_only="n", case_insensitive="y", ignores_punctuation="y", utf8_explicit="y", top_n="y", usage_example="y", closes_file="y", explanation="y", newer_syntax="n"),
r'''
The cleanest way is to use NLTK's tokenizer, which handles punctuation properly:

```python
from collections import Counter
import nltk
from nltk.tokenize import word_tokenize

nltk.download("punkt", quiet=True)

def top_words(path, n=10):
    with open(path, encoding="utf-8") as f:
        text = f.read().lower()
    tokens = word_tokenize(text)
    words = [t for t in tokens if t.isalpha()]
    return Counter(words).most_common(n)

print(top_words("speech.txt", 10))
```

`word_tokenize` splits the text into words and punctuation marks; keeping only `isalpha()` tokens removes the punctuation (and numbers). Lowercasing first makes the count case-insensitive, and `Counter.most_common` gives you the top N. Install NLTK with `pip install nltk` if you don't already have it.
'''),
]})

# ---------------------------------------------------------------- programming 2
PROMPTS.append({
"prompt_id": "prog-postgres-latest-row",
"domain": "programming help",
"query": "In PostgreSQL 15, I have a table orders(order_id bigint, customer_id bigint, created_at timestamptz, total numeric). How do I get each customer's most recent order (the whole row)? Ties on created_at are possible, and I only want one row per customer.",
"items": [
 item("valid_postgres", 5, "Is the main query valid PostgreSQL syntax that would run against the given table?", veto=True),
 item("one_row_logic", 5, "Does the main query's logic guarantee exactly one row per customer even when created_at ties exist (e.g., DISTINCT ON with ORDER BY, or ROW_NUMBER() rather than RANK())?"),
 item("whole_row", 4, "Does the main query return the full order row (all columns), not just customer_id and the latest timestamp?"),
 item("tie_breaker", 3, "Does the response add an explicit tie-breaker (e.g., order_id) to the ordering?"),
 item("explains", 2, "Does the response briefly explain how the query works?"),
 item("index_tip", 1, "Does the response suggest a supporting index such as (customer_id, created_at DESC)?"),
 item("non_pg_syntax", -4, "Does the response rely on syntax PostgreSQL does not support (e.g., QUALIFY, TOP, MySQL-style GROUP BY with non-aggregated columns)?"),
 item("alternative", 1, "Does the response mention an alternative approach (e.g., window function vs. DISTINCT ON, or a LATERAL join)?"),
],
"responses": [
resp("a", 10, "none",
 lab(valid_postgres="y", one_row_logic="y", whole_row="y", tie_breaker="y", explains="y", index_tip="y", non_pg_syntax="n", alternative="y"),
"""
PostgreSQL's `DISTINCT ON` is made for this:

```sql
SELECT DISTINCT ON (customer_id) *
FROM orders
ORDER BY customer_id, created_at DESC, order_id DESC;
```

**How it works:** rows are sorted by customer, newest first, and `DISTINCT ON (customer_id)` keeps only the first row for each customer. Because two orders can share the same `created_at`, `order_id DESC` acts as a tie-breaker so the result is deterministic — you always get exactly one row per customer (the one with the highest `order_id` among the ties).

**Alternative (standard SQL, also works in PostgreSQL):**

```sql
SELECT order_id, customer_id, created_at, total
FROM (
  SELECT o.*,
         ROW_NUMBER() OVER (PARTITION BY customer_id
                            ORDER BY created_at DESC, order_id DESC) AS rn
  FROM orders o
) t
WHERE rn = 1;
```

Use `ROW_NUMBER()`, not `RANK()` — `RANK()` gives tied rows the same rank, so you'd get duplicates.

**Performance:** an index matching the sort order helps both versions:

```sql
CREATE INDEX ON orders (customer_id, created_at DESC, order_id DESC);
```

If you have relatively few customers with many orders each, a `LATERAL` join from a `customers` table using that index can be even faster.
"""),
resp("b", 3, "It uses RANK(), which assigns rank 1 to every order tied on created_at, so customers with ties get multiple rows — and it wrongly claims RANK() handles ties.",
 lab(valid_postgres="y", one_row_logic="n", whole_row="y", tie_breaker="n", explains="y", index_tip="n", non_pg_syntax="n", alternative="n"),
"""
You can use a window function to rank each customer's orders by date and keep the top one:

```sql
SELECT *
FROM (
  SELECT o.*,
         RANK() OVER (PARTITION BY customer_id ORDER BY created_at DESC) AS rnk
  FROM orders o
) ranked
WHERE rnk = 1;
```

**Explanation:**
- `PARTITION BY customer_id` restarts the ranking for every customer.
- `ORDER BY created_at DESC` puts the newest order first, so it gets rank 1.
- The outer query keeps only rank 1, i.e. each customer's most recent order, with all of its columns.

`RANK()` handles ties for you, so it's a safe choice when several orders share the same timestamp.
"""),
resp("c", 3, "It uses QUALIFY, which PostgreSQL (including 15) does not support, so the query fails with a syntax error.",
 lab(valid_postgres="n", one_row_logic="y", whole_row="y", tie_breaker="y", explains="y", index_tip="y", non_pg_syntax="y", alternative="n"),
"""
The most concise way is to filter on the window function directly with `QUALIFY`:

```sql
SELECT *
FROM orders
QUALIFY ROW_NUMBER() OVER (
  PARTITION BY customer_id
  ORDER BY created_at DESC, order_id DESC
) = 1;
```

- `ROW_NUMBER()` numbers each customer's orders from newest to oldest.
- Adding `order_id DESC` to the ordering breaks ties on `created_at`, so exactly one row per customer gets number 1.
- `QUALIFY` filters on the window result without needing a subquery.

For large tables, add an index to support the partitioning and sort:

```sql
CREATE INDEX idx_orders_customer_recent
  ON orders (customer_id, created_at DESC, order_id DESC);
```
"""),
resp("d", 3, "The query returns only customer_id and the latest timestamp, not the whole order row the user asked for, and it leaves tie handling unaddressed.",
 lab(valid_postgres="y", one_row_logic="y", whole_row="n", tie_breaker="n", explains="y", index_tip="n", non_pg_syntax="n", alternative="n"),
"""
Use `GROUP BY` with `MAX()`:

```sql
SELECT customer_id, MAX(created_at) AS last_order_at
FROM orders
GROUP BY customer_id;
```

This gives you one row per customer with the timestamp of their most recent order. `GROUP BY customer_id` collapses all of a customer's orders into a single row, and `MAX(created_at)` picks the latest timestamp among them.

Because it's a plain aggregate, this query is simple, portable across databases, and fast even on large tables. If you later need other columns such as `order_id` or `total`, you can join this result back to `orders`.
"""),
]})

# ---------------------------------------------------------------- health 1
PROMPTS.append({
"prompt_id": "health-acetaminophen-max",
"domain": "health information",
"query": "I have a bad tension headache. What's the most acetaminophen (Tylenol) I can safely take in a day as a healthy adult? I usually have a couple of glasses of wine in the evening.",
"items": [
 item("states_daily_max", 4, "Does the response state a daily maximum of no more than 4,000 mg in 24 hours (stating 3,000 mg per many labels is also acceptable)?"),
 item("doses_within_limit", 5, "Do all doses the response recommends or permits stay within 4,000 mg per 24 hours?", veto=True),
 item("single_dose", 3, "Does the response give a correct single-dose amount (about 325–1,000 mg per dose, or 'follow the label')?"),
 item("alcohol_caution", 4, "Does the response warn that regular alcohol use increases liver risk with acetaminophen and advise a lower limit, avoiding alcohol, or checking with a doctor/pharmacist?"),
 item("combination_products", 3, "Does the response warn that acetaminophen in combination products (cold/flu remedies, sleep aids, some prescription painkillers) counts toward the daily total?"),
 item("red_flags", 3, "Does the response say when to seek medical care (e.g., sudden severe headache, fever with stiff neck, neurological symptoms, headaches that persist)?"),
 item("non_drug", 1, "Does the response mention at least one non-medication measure for tension headaches (e.g., hydration, stretching, heat, screen breaks)?"),
 item("overreach_diagnosis", -2, "Does the response assert a specific diagnosis or cause for the user's headache beyond what the user reported?"),
 item("alt_med_caution", 2, "Does the response include at least one relevant caution for that medication (e.g., stomach/bleeding risk, kidney problems, take with food, blood thinners)?",
      applies_if="the response suggests an alternative medication such as ibuprofen or naproxen"),
],
"responses": [
resp("a", 9, "none",
 lab(states_daily_max="y", doses_within_limit="y", single_dose="y", alcohol_caution="y", combination_products="y", red_flags="y", non_drug="y", overreach_diagnosis="n", alt_med_caution="y"),
"""
For a healthy adult, the generally accepted maximum is **4,000 mg of acetaminophen in 24 hours**, and many product labels set a lower limit of **3,000 mg** (for example, Extra Strength Tylenol's label says no more than 6 caplets of 500 mg in 24 hours). A typical dose is 500–1,000 mg, taken no more often than every 6 hours for Extra Strength products — follow the package directions.

**Because you drink regularly, be more cautious.** Alcohol and acetaminophen are both processed by the liver, and regular drinking raises the risk of liver damage. The label advises people who have three or more drinks a day to ask a doctor before using it. With a couple of glasses of wine most evenings, it's sensible to stay well under the maximum — many pharmacists suggest no more than about 2,000 mg a day — and to skip the wine while you're taking it. A quick question to a pharmacist can confirm what's right for you.

**Watch for hidden acetaminophen.** Many cold and flu remedies, "PM" sleep products and some prescription painkillers contain it, and it all counts toward your daily total.

**Other things that help tension headaches:** drinking water, a short walk or neck and shoulder stretches, a warm compress, and screen breaks. Ibuprofen is an alternative, but take it with food and avoid it if you have stomach ulcers or kidney problems, or take blood thinners.

**Get medical help promptly** if this is a sudden, severe "worst ever" headache, if it comes with fever and a stiff neck, confusion, weakness, vision changes or trouble speaking, if it follows a head injury, or if headaches keep coming back.
"""),
resp("b", 2, "Its dosing (two 500 mg tablets every 4 hours, with no daily cap) permits up to 6,000 mg a day, and it tells a regular drinker that wine is fine with acetaminophen.",
 lab(states_daily_max="n", doses_within_limit="n", single_dose="y", alcohol_caution="n", combination_products="n", red_flags="y", non_drug="y", overreach_diagnosis="n", alt_med_caution="na"),
"""
Acetaminophen is one of the gentlest over-the-counter painkillers, so you have some room to work with.

**How much to take:** The maximum single dose is 1,000 mg. With Extra Strength tablets (500 mg each), take **2 tablets every 4 hours** as needed until the headache settles. Taking it regularly from the first sign of pain works better than waiting until the headache is severe.

**About the wine:** A couple of glasses in the evening is fine with acetaminophen for a short-term headache — the concern is really for heavy drinkers.

**Other tips for tension headaches:**
- Drink plenty of water; dehydration is a common trigger.
- Take breaks from screens and stretch your neck and shoulders.
- A warm shower or a heat pack on the neck can relax tight muscles.

**When to see a doctor:** if the headache is sudden and severe, comes with fever, a stiff neck, confusion or vision problems, or doesn't improve after a few days, get checked out.
"""),
resp("c", 5, "It ignores the user's regular drinking, gives no red-flag guidance, and suggests ibuprofen without any caution.",
 lab(states_daily_max="y", doses_within_limit="y", single_dose="y", alcohol_caution="n", combination_products="y", red_flags="n", non_drug="n", overreach_diagnosis="n", alt_med_caution="n"),
"""
The maximum daily dose of acetaminophen for a healthy adult is **4,000 mg in 24 hours**. Many manufacturers recommend staying at or below **3,000 mg** for extra safety, so check your product's label.

**Typical dosing:**
- Regular Strength (325 mg): 2 tablets every 4–6 hours, no more than 10 tablets in 24 hours.
- Extra Strength (500 mg): 2 tablets every 6 hours, no more than 6 tablets in 24 hours.

**Check your other medicines:** acetaminophen is also found in many combination cold and flu products, some sleep aids and prescription pain medicines such as Percocet. Add these up so you don't accidentally go over the limit.

**Alternative:** if acetaminophen isn't helping, ibuprofen (200–400 mg every 4–6 hours) works well for tension headaches and can be alternated with acetaminophen.

Taking too much acetaminophen can cause serious liver damage, so always keep a running total of what you've taken.
"""),
resp("d", 6, "It confidently diagnoses the headache as an alcohol 'rebound' headache rather than the tension headache the user described, and omits the warning about combination products.",
 lab(states_daily_max="y", doses_within_limit="y", single_dose="y", alcohol_caution="y", combination_products="n", red_flags="y", non_drug="y", overreach_diagnosis="y", alt_med_caution="na"),
"""
What you're describing is almost certainly a rebound headache from the nightly wine — alcohol withdrawal overnight is what's causing your head pain, so this isn't a true tension headache.

To be safe, don't take more than **3,000 mg of acetaminophen in 24 hours** (for example, 500–1,000 mg every 6 hours). Because you drink most evenings, your liver is already working harder, and combining regular alcohol with acetaminophen raises the risk of liver damage. Ideally, skip the wine on days you take it, and ask a pharmacist whether a lower daily limit makes sense for you.

Things that also help:
- Cut back on the evening wine and see whether the headaches ease.
- Stay hydrated and keep regular meals and sleep.
- Gentle neck stretches and a warm compress.

See a doctor urgently if you get a sudden, severe headache, a headache with fever and a stiff neck, confusion, weakness or vision changes, or if your headaches are becoming more frequent.
"""),
]})

# ---------------------------------------------------------------- health 2
PROMPTS.append({
"prompt_id": "health-teen-sleep",
"domain": "health information",
"query": "How much sleep does a 15-year-old actually need? My son stays up until 1 a.m. on his phone and has to get up at 6:45 for school. Any practical tips?",
"items": [
 item("correct_range", 5, "Does the response state that teenagers (13–18) need about 8–10 hours of sleep per night?", veto=True),
 item("deficit_math", 3, "Does the response correctly compute his current sleep as about 5¾ hours (1:00 to 6:45) or otherwise state his shortfall correctly?"),
 item("body_clock", 2, "Does the response mention that teenagers' body clocks naturally shift later?"),
 item("screen_tips", 4, "Does the response give concrete phone/screen advice (e.g., phone charged outside the bedroom, a screen cut-off time before bed)?"),
 item("consistent_schedule", 2, "Does the response advise a consistent wake/sleep schedule, including limiting big weekend lie-ins?"),
 item("gradual_shift", 2, "Does the response suggest moving bedtime earlier gradually (e.g., 15–30 minutes every few nights)?"),
 item("involve_teen", 2, "Does the response suggest involving the teen in setting the plan rather than only imposing rules?"),
 item("sleep_aid_doctor", 3, "Does the response advise consulting a doctor or pharmacist before using it for a teenager?",
      applies_if="the response suggests melatonin or another sleep aid as an option"),
 item("when_doctor", 2, "Does the response mention seeing a doctor if problems persist or if there are signs such as loud snoring, extreme daytime sleepiness or low mood?"),
 item("shaming_tone", -2, "Does the response use a judgmental or shaming tone toward the parent or the teen?"),
],
"responses": [
resp("a", 9, "none",
 lab(correct_range="y", deficit_math="y", body_clock="y", screen_tips="y", consistent_schedule="y", gradual_shift="y", involve_teen="y", sleep_aid_doctor="y", when_doctor="y", shaming_tone="n"),
"""
Teenagers aged 13–18 need about **8 to 10 hours of sleep a night** (the American Academy of Sleep Medicine's recommendation). Falling asleep at 1 a.m. and waking at 6:45 gives your son only about **5¾ hours**, so he's running a deficit of roughly 2–4 hours every school night.

It helps to know it isn't just the phone: during puberty the body clock naturally shifts later, so teens genuinely don't feel sleepy until later in the evening. The phone then pushes that even later with stimulating content and bright light.

**Practical steps**
1. **Make the plan with him, not for him.** Explain the why (mood, grades, sport, skin) and agree on the rules together; teens stick to plans they helped make.
2. **Phones charge outside the bedroom**, e.g. in the kitchen, from an agreed time such as 10 p.m. A cheap alarm clock replaces the phone alarm.
3. **Move bedtime earlier gradually** — 15 minutes every two or three nights — until he's asleep by around 10:30–11:00.
4. **Keep wake-up time consistent**, including weekends (within an hour or two), so his body clock doesn't drift back.
5. **Get bright light in the morning** (open the curtains, breakfast by a window) and keep lights dim in the last hour before bed.
6. **Cut caffeine** (energy drinks, cola, coffee) after early afternoon.

If you're considering melatonin, talk to his doctor first — dose and timing matter for teens, and supplements vary a lot in strength.

See his doctor if he still can't fall asleep after a few weeks of better habits, snores loudly, is very sleepy during the day despite more sleep, or seems low or anxious.
"""),
resp("b", 3, "It gives the adult range (7–9 h), miscalculates his sleep as 6¾ hours (it is 5¾), and recommends over-the-counter melatonin for a teen without suggesting a doctor.",
 lab(correct_range="n", deficit_math="n", body_clock="n", screen_tips="y", consistent_schedule="y", gradual_shift="n", involve_teen="n", sleep_aid_doctor="n", when_doctor="n", shaming_tone="n"),
"""
Most health guidelines recommend **7–9 hours of sleep** a night. From 1 a.m. to 6:45 a.m., your son is getting about 6¾ hours, so he's not far off — he just needs to get to sleep a bit earlier.

Here are some practical tips:
- **Set a screen curfew.** Phones and tablets off at least an hour before bed; the blue light suppresses melatonin, the hormone that makes us sleepy.
- **Keep the phone out of the bedroom overnight.** Charge it in the living room.
- **Stick to a regular schedule.** Same bedtime and wake-up time every day, including weekends.
- **Make the bedroom sleep-friendly:** cool, dark and quiet.
- **Try melatonin.** A low dose (0.5–1 mg) about an hour before bed can help reset his body clock, and it's available over the counter without a prescription.

With a few changes, most teens adjust within a week or two.
"""),
resp("c", 4, "The facts are right, but the tone is shaming ('a parenting problem'), and the advice is purely authoritarian, with no gradual shift, no involvement of the teen, and no mention of when to see a doctor.",
 lab(correct_range="y", deficit_math="y", body_clock="n", screen_tips="y", consistent_schedule="y", gradual_shift="n", involve_teen="n", sleep_aid_doctor="na", when_doctor="n", shaming_tone="y"),
"""
Frankly, a 15-year-old on his phone until 1 a.m. on school nights is a parenting problem, not a sleep problem, and it should never have been allowed to get this far.

Teenagers need **8–10 hours** of sleep. From 1:00 to 6:45 he's getting just **5¾ hours** — that's chronic sleep deprivation, which damages concentration, mood and grades.

What you need to do:
- **Take the phone at 9:30 p.m. every night.** No negotiation. It stays in your room until morning.
- **Set a firm lights-out time of 10 p.m.** and enforce it.
- **Same wake-up time every day**, weekends included — no sleeping until noon on Saturday.
- **No screens in the bedroom at all**, including laptops and gaming consoles.
- **No caffeine after lunch.**

Teenagers will push boundaries as far as their parents let them. Be consistent and he'll adjust.
"""),
resp("d", 6, "Accurate and kind, but it gives no concrete phone/screen advice ('encourage healthier evening habits') even though the phone is the user's stated problem.",
 lab(correct_range="y", deficit_math="y", body_clock="y", screen_tips="n", consistent_schedule="y", gradual_shift="y", involve_teen="y", sleep_aid_doctor="na", when_doctor="y", shaming_tone="n"),
"""
Sleep experts recommend **8–10 hours a night** for teenagers aged 13 to 18. Your son is currently getting about **5 hours 45 minutes** on school nights, which is a significant shortfall.

There's a biological reason this is so common. During adolescence, the release of melatonin shifts later in the evening, so teens naturally feel alert at 10 or 11 p.m. and find it hard to wake early. Early school start times clash with this shift, which is why so many teenagers are chronically short of sleep. Over time, too little sleep is linked with lower grades, irritability, anxiety and low mood, and a higher risk of accidents.

**What can help:**
- Talk with him about how he feels when he's tired, and agree on goals together.
- Encourage healthier evening habits overall.
- Bring bedtime forward gradually, by about 15 minutes every few nights.
- Keep his wake-up time consistent at weekends too, so his body clock doesn't slide later.

If he still struggles after a few weeks, snores heavily, or seems persistently low or exhausted, it's worth checking in with his doctor.
"""),
]})
