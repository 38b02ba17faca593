from common import I, R, P

PROMPTS = []

# ---------------- P1 ----------------
PROMPTS.append(P(
"prog_js_debounce", "programming help", "general",
"Write a JavaScript function (no frameworks or libraries) that debounces another function, with a short explanation. It should support a configurable delay in milliseconds.",
[
 I("vanilla_js", "Does the solution use plain JavaScript only, without any library or framework (e.g., no Lodash, jQuery, or RxJS)?", 5, True),
 I("correct_debounce", "Does the code correctly debounce: each call cancels any pending invocation and schedules a new one, so the wrapped function runs only after `delay` ms pass with no new calls?", 5, True),
 I("delay_param", "Does the function accept the delay in milliseconds as a parameter?", 3),
 I("passes_args", "Does the debounced wrapper pass the caller's arguments through to the original function?", 2),
 I("explanation", "Does the response include a short explanation of how the code works?", 2),
 I("usage_example", "Does the response show an example of using the debounced function?", 1),
 I("is_throttle", "Does the implementation actually throttle (run immediately, then ignore calls for a fixed interval) rather than debounce?", -4),
 I("code_error", "Does the code contain a syntax error or reference an undefined variable?", -4),
],
[
R("a", """
```javascript
function debounce(fn, delay = 300) {
  let timerId = null;

  return function (...args) {
    clearTimeout(timerId);
    timerId = setTimeout(() => {
      fn.apply(this, args);
    }, delay);
  };
}
```

How it works:
- `debounce` returns a new function that closes over `timerId`.
- Every time the returned function is called, it cancels the pending timer with `clearTimeout` and starts a fresh one.
- Only when `delay` milliseconds pass without another call does the timer fire and run `fn`, with the latest arguments.
- Using an arrow function inside `setTimeout` keeps `this` from the call site, so the debounced function also works as an object method or event handler.

Usage:

```javascript
const input = document.querySelector('#search');

const search = debounce((event) => {
  console.log('Searching for:', event.target.value);
}, 500);

input.addEventListener('input', search);
```

Typing quickly into the box triggers only one search, 500 ms after the user stops typing. If you ever need to cancel a pending call (for example, when a component is removed), you can extend it by attaching a `cancel` method that calls `clearTimeout(timerId)`.
""", {"vanilla_js":"y","correct_debounce":"y","delay_param":"y","passes_args":"y","explanation":"y","usage_example":"y","is_throttle":"n","code_error":"n"},
10, "none"),
R("b", """
The most reliable approach is to use Lodash's battle-tested implementation instead of writing your own, since it handles edge cases like leading/trailing calls and a maximum wait time.

```javascript
import debounce from 'lodash/debounce';

function handleResize(event) {
  console.log('Window width:', window.innerWidth);
}

const debouncedResize = debounce(handleResize, 250);

window.addEventListener('resize', debouncedResize);
```

How it works: `debounce(func, wait)` returns a new function that delays calling `func` until `wait` milliseconds have passed since the last time it was called. Each new call resets the timer, so during a continuous resize only one call happens, 250 ms after the user stops resizing.

Useful options:
- `{ leading: true }` runs the function at the start of the burst instead of the end.
- `{ maxWait: 1000 }` guarantees the function runs at least once per second during a long burst.
- `debouncedResize.cancel()` cancels any pending call, which is handy when removing the listener.

Importing only `lodash/debounce` keeps the bundle small, since you don't pull in the whole library.
""", {"vanilla_js":"n","correct_debounce":"y","delay_param":"y","passes_args":"y","explanation":"y","usage_example":"y","is_throttle":"n","code_error":"n"},
3, "Ignores the explicit 'no libraries' constraint by using Lodash's debounce."),
R("c", """
Here's a simple debounce function in plain JavaScript:

```javascript
function debounce(fn, delay) {
  let waiting = false;

  return function (...args) {
    if (waiting) return;
    fn.apply(this, args);
    waiting = true;
    setTimeout(() => {
      waiting = false;
    }, delay);
  };
}
```

Explanation:
- The `waiting` flag tracks whether we're inside the delay window.
- When the debounced function is called and we're not waiting, it runs `fn` right away and sets `waiting` to true.
- Any calls during the next `delay` milliseconds are ignored.
- When the timer fires, `waiting` is reset, so the next call goes through again.

Example:

```javascript
const logScroll = debounce(() => {
  console.log('scrolled at', Date.now());
}, 200);

window.addEventListener('scroll', logScroll);
```

This keeps the handler from firing hundreds of times per second while the user scrolls. Adjust the delay to balance responsiveness and performance.
""", {"vanilla_js":"y","correct_debounce":"n","delay_param":"y","passes_args":"y","explanation":"y","usage_example":"y","is_throttle":"y","code_error":"n"},
3, "The code is a throttle (fires immediately, then ignores calls for the interval), not a debounce."),
R("d", """
A debounce wrapper delays running a function until the calls stop coming in. Here's a plain JavaScript version:

```javascript
function debounce(fn, delay) {
  let timer;

  return function (...args) {
    timer = setTimeout(() => {
      fn(...args);
    }, delay);
  };
}
```

Explanation:
- `timer` is stored in the closure so it persists between calls.
- Each call schedules `fn` to run after `delay` milliseconds, passing along whatever arguments were received.
- Because execution waits for the delay, rapid calls don't run the function immediately, which smooths out bursts of events like typing or resizing.

Usage:

```javascript
const saveDraft = debounce((text) => {
  console.log('Saving:', text);
}, 1000);

document.querySelector('textarea')
  .addEventListener('input', (e) => saveDraft(e.target.value));
```

You can pass any delay you like; 200-500 ms works well for search boxes, and around 1000 ms is good for autosave.
""", {"vanilla_js":"y","correct_debounce":"n","delay_param":"y","passes_args":"y","explanation":"y","usage_example":"y","is_throttle":"n","code_error":"n"},
4, "Never clears the previous timer, so every call still runs after the delay; it only postpones calls rather than collapsing them."),
]))

# ---------------- P2 ----------------
PROMPTS.append(P(
"prog_py_list_tuple", "programming help", "rar",
"In Python, what's the difference between a list and a tuple, and when should I use each?",
[
 I("mutability", "Does the response state that lists are mutable and tuples are immutable?", 5, True),
 I("hashable", "Does the response explain that tuples (of hashable elements) can be dictionary keys or set members, while lists cannot?", 3),
 I("syntax", "Does the response correctly describe the syntax, including that a one-element tuple needs a trailing comma, e.g., (5,)?", 2),
 I("use_cases", "Does the response give sensible guidance on when to use each (e.g., tuples for fixed records or multiple return values; lists for collections that change)?", 3),
 I("methods", "Does the response note that lists have mutating methods like append/extend/remove, while tuples only have count and index?", 2),
 I("performance", "Does the response mention that tuples are slightly more memory-efficient or faster to create, framed as a minor consideration?", 1),
 I("any_tuple_hashable", "Does the response claim that any tuple can be used as a dictionary key, even one containing a list?", -3),
 I("code_correct", "Is all included code correct Python that behaves as the response says it does?", 2, applies_if="the response includes code"),
],
[
R("a", """
The core difference: lists are mutable, tuples are immutable.

```python
nums = [1, 2, 3]
nums.append(4)        # fine: [1, 2, 3, 4]
nums[0] = 10          # fine

point = (3, 4)
point[0] = 5          # TypeError: 'tuple' object does not support item assignment
```

Other differences that follow from that:

- Methods: lists have `append`, `extend`, `insert`, `remove`, `pop`, `sort`, and more. Tuples only have `count` and `index`.
- Hashability: a tuple whose elements are all hashable can be a dictionary key or set member; a list never can.
  ```python
  distances = {("NYC", "LA"): 2790}   # works
  bad = {([1, 2], 3): "x"}             # TypeError: unhashable type: 'list'
  ```
  Note the second line: a tuple that contains a list is not hashable.
- Syntax: lists use `[]`, tuples use `()` or just commas. A one-element tuple needs a trailing comma: `(5,)` is a tuple, `(5)` is just the integer 5.
- Performance: tuples are a bit smaller in memory and slightly faster to create, but this rarely matters in practice.

When to use which:
- Use a list for a collection of similar items that may grow, shrink, or be reordered: a list of users, lines from a file, search results.
- Use a tuple for a fixed group of related values where position has meaning: coordinates `(x, y)`, an RGB color, a database row, or multiple return values from a function (`return total, count`).
- Use a tuple when you need a composite dictionary key.

If you find yourself wanting named fields, `collections.namedtuple` or a `dataclass` makes fixed records more readable.
""", {"mutability":"y","hashable":"y","syntax":"y","use_cases":"y","methods":"y","performance":"y","any_tuple_hashable":"n","code_correct":"y"},
10, "none"),
R("b", """
Lists and tuples are both ordered sequences that can hold any type of object, but they differ in a few key ways.

1. Mutability: lists can be changed after creation (add, remove, or modify elements). Tuples cannot; once created, they're fixed.

2. Syntax:
```python
my_list = [1, 2, 3]
my_tuple = (1, 2, 3)
single = (5)      # a one-element tuple
```

3. Dictionary keys: because tuples are immutable, any tuple can be used as a dictionary key or added to a set, while lists can't:
```python
locations = {(40.7, -74.0): "New York"}
```

4. Performance: tuples are much faster than lists, so prefer them whenever speed matters.

When to use each:
- Use lists when you need a collection that will change, like a shopping cart or a queue of tasks.
- Use tuples for data that shouldn't change, like coordinates, dates, or settings returned from a function.

A good rule of thumb: if you'd describe it as "a list of things," use a list; if it's "one thing with several parts," use a tuple.
""", {"mutability":"y","hashable":"y","syntax":"n","use_cases":"y","methods":"n","performance":"n","any_tuple_hashable":"y","code_correct":"n"},
5, "Claims `(5)` is a one-element tuple and that any tuple can be a dictionary key, both incorrect."),
R("c", """
The main difference is that a list is mutable and a tuple is immutable. You can add, remove, or replace elements in a list after you create it, but a tuple's contents are fixed once it exists.

In practice:

Use a list when the collection will change over time or when you're dealing with many items of the same kind, for example a list of filenames you're going to filter or sort.

Use a tuple when you have a small, fixed group of values that belong together, for example a (latitude, longitude) pair, or when a function returns several values at once. Because tuples can't be changed, they also signal to other programmers that the data is meant to stay constant, which makes code easier to reason about.

If you're unsure, start with a list; it's the more flexible default, and you can convert with tuple() later if needed.
""", {"mutability":"y","hashable":"n","syntax":"n","use_cases":"y","methods":"n","performance":"n","any_tuple_hashable":"n","code_correct":"na"},
6, "Correct but thin: omits hashability/dictionary keys, syntax, and method differences."),
]))

# ---------------- P3 ----------------
PROMPTS.append(P(
"prog_pg_slow_query", "programming help", "general",
"My SQL query is slow: SELECT * FROM orders WHERE customer_id = 42 ORDER BY created_at DESC LIMIT 10; The orders table has 20 million rows and I'm on PostgreSQL. How do I speed it up?",
[
 I("composite_index", "Does the response recommend a composite index on (customer_id, created_at), in that column order?", 5, True),
 I("explain_analyze", "Does the response recommend using EXPLAIN (ANALYZE) to check the query plan before and/or after the change?", 3),
 I("reason", "Does the response explain why the index helps (it can find the customer's rows already in date order, avoiding a large scan and sort)?", 2),
 I("concurrently", "Does the response mention CREATE INDEX CONCURRENTLY (or otherwise address locking) for building the index on a large live table?", 2),
 I("select_columns", "Does the response suggest selecting only the needed columns instead of SELECT *?", 1),
 I("valid_syntax", "Are all SQL statements in the response valid PostgreSQL syntax?", 3, applies_if="the response includes SQL statements"),
 I("mysql_syntax", "Does the response recommend MySQL-only features such as FORCE INDEX or USE INDEX hints?", -3),
],
[
R("a", """
This query is a textbook case for a composite index. Right now PostgreSQL is probably either scanning a large part of the table or using an index on `customer_id` alone, then sorting all of that customer's orders by `created_at` before it can return 10 rows.

Create an index that matches both the filter and the sort:

```sql
CREATE INDEX CONCURRENTLY idx_orders_customer_created
    ON orders (customer_id, created_at DESC);
```

With this index, Postgres jumps straight to `customer_id = 42`, where the entries are already ordered by `created_at`, reads the first 10, and stops. No sort and no big scan, so it should drop to a few milliseconds. (A plain `(customer_id, created_at)` index works too, since Postgres can scan an index backward.)

`CONCURRENTLY` builds the index without blocking writes to `orders`, which matters on a 20-million-row production table. It takes longer and can't run inside a transaction block; if it fails, drop the invalid index and retry.

Then verify:

```sql
EXPLAIN (ANALYZE, BUFFERS)
SELECT * FROM orders WHERE customer_id = 42
ORDER BY created_at DESC LIMIT 10;
```

You want to see an `Index Scan using idx_orders_customer_created` with no separate `Sort` node.

Two smaller things:
- Select only the columns you need. If you only need a few, you could add them with `INCLUDE (...)` to get an index-only scan.
- Make sure statistics are current (`ANALYZE orders;`), since autovacuum may lag on very large tables.

If you already have an index on `customer_id` alone, the new one makes it redundant for most queries, so you can consider dropping it to save write overhead.
""", {"composite_index":"y","explain_analyze":"y","reason":"y","concurrently":"y","select_columns":"y","valid_syntax":"y","mysql_syntax":"n"},
10, "none"),
R("b", """
For a table of that size, indexing is the key. You'll want indexes on both columns used in the query:

```sql
CREATE INDEX idx_orders_customer ON orders (customer_id);
CREATE INDEX idx_orders_created ON orders (created_at);
```

The first helps the WHERE clause, and the second helps the ORDER BY. If the planner still isn't picking the right one, you can tell it which index to use:

```sql
SELECT * FROM orders FORCE INDEX (idx_orders_customer)
WHERE customer_id = 42
ORDER BY created_at DESC
LIMIT 10;
```

Other tips:
- Run EXPLAIN ANALYZE on the query to see whether it's doing a sequential scan.
- Avoid SELECT * and list only the columns you need, which reduces I/O.
- Consider partitioning the orders table by date if it keeps growing, so old data doesn't slow down recent lookups.
- Run VACUUM ANALYZE regularly so the planner has accurate statistics.

With those two indexes in place, the query should go from seconds to milliseconds.
""", {"composite_index":"n","explain_analyze":"y","reason":"n","concurrently":"n","select_columns":"y","valid_syntax":"n","mysql_syntax":"y"},
3, "Recommends two single-column indexes instead of a composite one and a MySQL-only FORCE INDEX hint that is invalid in PostgreSQL."),
R("c", """
The fix is a composite index covering both the filter column and the sort column, in that order:

```sql
CREATE INDEX idx_orders_cust_created
    ON orders (customer_id, created_at DESC) CONCURRENTLY;
```

Why this works: a B-tree index on `(customer_id, created_at DESC)` stores all of customer 42's orders next to each other, already sorted newest first. PostgreSQL can walk the first 10 entries and stop, instead of pulling every order for that customer and sorting them in memory. On a 20-million-row table that's the difference between seconds and a millisecond or two.

The CONCURRENTLY option is important on a big production table because a normal CREATE INDEX locks the table against inserts and updates for the entire build, which could take several minutes.

Also, if you don't need every column, replace `SELECT *` with the specific columns you use; less data per row means less I/O.
""", {"composite_index":"y","explain_analyze":"n","reason":"y","concurrently":"y","select_columns":"y","valid_syntax":"n","mysql_syntax":"n"},
6, "Right diagnosis, but CONCURRENTLY is placed at the end of the statement, which is a syntax error in PostgreSQL, and it never suggests verifying with EXPLAIN ANALYZE."),
]))

# ---------------- P4 ----------------
PROMPTS.append(P(
"prog_rest_plain", "programming help", "checklist",
"Explain what a REST API is to a non-technical small-business owner in under 100 words. Don't use the words 'endpoint' or 'HTTP', and include one real-world analogy.",
[
 I("under_100", "Is the response under 100 words?", 4, True),
 I("no_endpoint", "Does the response avoid the word 'endpoint' (including 'endpoints')?", 3),
 I("no_http", "Does the response avoid the word 'HTTP' (including HTTPS)?", 3),
 I("one_analogy", "Does the response include exactly one real-world analogy?", 3),
 I("plain_language", "Is the explanation free of unexplained technical jargon?", 3),
 I("accurate", "Is the explanation accurate (a REST API is a standard way for software programs to request and exchange data or actions with another system over the web)?", 3, True),
 I("business_link", "Does the response connect the idea to a concrete use in a small business (e.g., online store, payments, shipping, accounting)?", 1),
],
[
R("a", """
Think of a REST API as a restaurant waiter. You don't walk into the kitchen; you tell the waiter what you want, and they bring back exactly that. A REST API does the same job between programs: it's an agreed set of rules that lets one program ask another for information, or to do something, over the internet, and get a predictable answer. It's how your online store can pull shipping rates, charge a card through a payment service, or send sales to your accounting software automatically.
""", {"under_100":"y","no_endpoint":"y","no_http":"y","one_analogy":"y","plain_language":"y","accurate":"y","business_link":"y"},
10, "none"),
R("b", """
A REST API is like a restaurant menu for software. Another company's system publishes a list of things you can order, and your software places orders over HTTP, the same technology your web browser uses. Each item on the menu is called an endpoint, such as "get shipping rates" or "charge this card," and you get back a neat, predictable reply. For your business, it's what lets your online store, payment processor, and bookkeeping tools talk to each other automatically instead of someone copying information between them by hand.
""", {"under_100":"y","no_endpoint":"n","no_http":"n","one_analogy":"y","plain_language":"y","accurate":"y","business_link":"y"},
5, "Uses both forbidden words, 'HTTP' and 'endpoint'."),
R("c", """
Imagine you own a bakery and a coffee shop next door wants to sell your muffins. Instead of letting the coffee shop staff wander around your kitchen, you set up a small window with a clear order form: they write down what they want, pass it through, and you hand back exactly those muffins, every time, in the same way. A REST API is that order window for software. When two programs need to work together, such as your online store and a shipping company's system, one sends a request in an agreed, standard format over the internet, and the other sends back the information or confirms the action, like a price quote, a tracking number, or a completed payment. Because the format is standard and predictable, lots of different apps can plug into each other without custom work each time, which is why most modern business tools offer one.
""", {"under_100":"n","no_endpoint":"y","no_http":"y","one_analogy":"y","plain_language":"y","accurate":"y","business_link":"y"},
6, "Clear and accurate but roughly 150 words, well over the 100-word limit."),
R("d", """
Think of a REST API as a secure online filing cabinet for your business. It's a special kind of database, hosted on the internet, where your company stores its important information, such as customer lists, orders, and inventory. Your staff and your apps can open the cabinet, look things up, and add new records from anywhere. Because it follows a common standard, it's easy to back up and keeps your information organized and safe. Most small businesses get one through their website builder or point-of-sale system.
""", {"under_100":"y","no_endpoint":"y","no_http":"y","one_analogy":"y","plain_language":"y","accurate":"n","business_link":"y"},
2, "Describes a REST API as a kind of online database for storing data, which is wrong."),
]))

# ---------------- P5 ----------------
PROMPTS.append(P(
"prog_node_passwords", "programming help", "general",
"How do I safely store user passwords in my Node.js app? I'm using Express and PostgreSQL.",
[
 I("slow_hash", "Does the response recommend a purpose-built password hashing algorithm (bcrypt, scrypt, or Argon2)?", 5, True),
 I("fast_hash_or_reversible", "Does the response recommend storing passwords with a general-purpose fast hash (MD5, SHA-1, SHA-256) or with reversible encryption?", -5, True),
 I("salting", "Does the response explain salting, or that bcrypt/Argon2 generate and store a salt automatically?", 3),
 I("work_factor", "Does the response mention a tunable work factor or cost (e.g., bcrypt cost 10-12)?", 2),
 I("code_correct", "Does the code call its hashing library's API correctly (e.g., bcrypt.hash(plain, rounds) and bcrypt.compare(plain, hash), in that argument order)?", 3, applies_if="the response includes code"),
 I("column_type", "Does the response suggest a database column that fits the stored hash (e.g., TEXT, or VARCHAR of at least 60 characters for bcrypt)?", 1),
 I("extra_measures", "Does the response mention at least one related measure such as HTTPS, not logging passwords, or rate-limiting login attempts?", 1),
],
[
R("a", """
Never store the password itself, and don't use general-purpose hashes like MD5 or SHA-256: they're designed to be fast, which makes brute-forcing leaked hashes cheap. Use a deliberately slow password-hashing algorithm. The `bcrypt` package is the most common choice; Argon2id (the `argon2` package) is the modern recommendation if you can use it.

```javascript
const bcrypt = require('bcrypt');
const SALT_ROUNDS = 12; // cost factor: each +1 doubles the work

async function hashPassword(plain) {
  return bcrypt.hash(plain, SALT_ROUNDS);
}

async function verifyPassword(plain, storedHash) {
  return bcrypt.compare(plain, storedHash);
}
```

bcrypt generates a random salt for each password and embeds it, along with the cost, in the resulting hash string, so you store a single value:

```sql
CREATE TABLE users (
  id SERIAL PRIMARY KEY,
  email TEXT UNIQUE NOT NULL,
  password_hash TEXT NOT NULL
);
```

In your Express routes:
- Signup: `const hash = await hashPassword(req.body.password);` then insert `hash` with a parameterized query.
- Login: look up the user by email, then `await verifyPassword(req.body.password, user.password_hash)`. Return the same generic "invalid email or password" error whether the email or the password was wrong.

Also:
- Serve everything over HTTPS.
- Never log request bodies that contain passwords.
- Rate-limit login attempts (e.g., `express-rate-limit`).
- Pick a cost that takes roughly 100-300 ms on your server and raise it as hardware gets faster.
""", {"slow_hash":"y","fast_hash_or_reversible":"n","salting":"y","work_factor":"y","code_correct":"y","column_type":"y","extra_measures":"y"},
10, "none"),
R("b", """
The key is to never store plain-text passwords. Instead, store a salted hash using Node's built-in `crypto` module, so you don't need any extra dependencies.

```javascript
const crypto = require('crypto');

function hashPassword(password) {
  const salt = crypto.randomBytes(16).toString('hex');
  const hash = crypto.createHash('sha256').update(salt + password).digest('hex');
  return { salt, hash };
}

function verifyPassword(password, salt, storedHash) {
  const hash = crypto.createHash('sha256').update(salt + password).digest('hex');
  return hash === storedHash;
}
```

Store both values in PostgreSQL:

```sql
ALTER TABLE users
  ADD COLUMN password_salt VARCHAR(32),
  ADD COLUMN password_hash VARCHAR(64);
```

The random salt means two users with the same password get different hashes, which defeats precomputed rainbow tables. SHA-256 is a strong, widely used cryptographic hash, so this is secure for most applications.

Also make sure your login form is served over HTTPS so passwords aren't sent in the clear.
""", {"slow_hash":"n","fast_hash_or_reversible":"y","salting":"y","work_factor":"n","code_correct":"y","column_type":"y","extra_measures":"y"},
2, "Recommends salted SHA-256, a fast general-purpose hash unsuitable for password storage, and calls it secure."),
R("c", """
Use bcrypt. It's slow by design, salts each password automatically, and has a configurable cost factor.

Install it with `npm install bcrypt`, then:

```javascript
const bcrypt = require('bcrypt');
const ROUNDS = 12;

// When a user signs up
const passwordHash = await bcrypt.hash(req.body.password, ROUNDS);
await pool.query(
  'INSERT INTO users (email, password_hash) VALUES ($1, $2)',
  [req.body.email, passwordHash]
);

// When a user logs in
const { rows } = await pool.query(
  'SELECT password_hash FROM users WHERE email = $1',
  [req.body.email]
);
const ok = rows.length > 0 && await bcrypt.compare(rows[0].password_hash, req.body.password);
```

For the column, `password_hash VARCHAR(50) NOT NULL` is enough.

A cost of 12 is a reasonable default in 2024; increase it over time as servers get faster. Don't use MD5 or SHA-256 for passwords, since they're fast and easy to brute-force. Always use parameterized queries (as above) to prevent SQL injection, and put the login route behind HTTPS.
""", {"slow_hash":"y","fast_hash_or_reversible":"n","salting":"y","work_factor":"y","code_correct":"n","column_type":"n","extra_measures":"y"},
5, "Passes the arguments to bcrypt.compare in the wrong order, so logins will always fail, and a VARCHAR(50) column is too short for a 60-character bcrypt hash."),
]))
