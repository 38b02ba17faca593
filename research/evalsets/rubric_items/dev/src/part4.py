from common import item, lab, resp

PROMPTS = []

# ---------------------------------------------------------------- language 1
PROMPTS.append({
"prompt_id": "lang-ser-estar",
"domain": "language learning",
"query": "I'm an English speaker learning Spanish. Explain when to use 'ser' vs 'estar', with examples. Keep it under 200 words.",
"items": [
 item("under_200_words", 4, "Is the response under 200 words?"),
 item("ser_uses", 4, "Does the response explain that 'ser' is used for identity/defining characteristics, origin, occupation and/or time and dates?"),
 item("estar_uses", 4, "Does the response explain that 'estar' is used for location and temporary states/conditions (and/or progressive tenses)?"),
 item("examples_both", 3, "Does the response give at least one correct example sentence for each verb?"),
 item("example_error", -4, "Does any Spanish example sentence use the wrong verb or contain a grammatical error (e.g., 'Soy cansado', 'Estoy de México')?"),
 item("translations", 2, "Are the example sentences translated into English?"),
 item("meaning_change", 2, "Does the response mention adjectives whose meaning changes with ser vs. estar (e.g., ser listo 'clever' vs. estar listo 'ready')?"),
 item("event_location", 1, "Does the response note that the location of an event uses 'ser' (e.g., 'La fiesta es en mi casa')?"),
 item("overclaims_rule", -2, "Does the response present 'permanent vs. temporary' as a rule with no exceptions?"),
],
"responses": [
resp("a", 9, "none",
 lab(under_200_words="y", ser_uses="y", estar_uses="y", examples_both="y", example_error="n", translations="y", meaning_change="y", event_location="y", overclaims_rule="n"),
"""
**Ser** describes what something *is* — its identity or defining traits:
- Identity/occupation: *Soy profesora.* (I'm a teacher.)
- Origin: *Somos de Chile.* (We're from Chile.)
- Characteristics: *La casa es grande.* (The house is big.)
- Time and dates: *Son las tres.* (It's three o'clock.)
- Where an event takes place: *La fiesta es en mi casa.* (The party is at my house.)

**Estar** describes *how* or *where* something is:
- Location: *El libro está en la mesa.* (The book is on the table.)
- States and feelings: *Estoy cansado.* (I'm tired.)
- Ongoing actions: *Está lloviendo.* (It's raining.)

"Permanent vs. temporary" is a useful rule of thumb, but it isn't exact: *Está muerto* (He's dead) uses estar, while *Es joven* (He's young) uses ser.

Some adjectives change meaning:
- *Es listo* (He's clever) / *Está listo* (He's ready)
- *Es aburrido* (He's boring) / *Está aburrido* (He's bored)
"""),
resp("b", 3, "One example is wrong ('Ella es cansada hoy' should be 'Ella está cansada hoy'), and it claims the permanent/temporary rule covers every case.",
 lab(under_200_words="y", ser_uses="y", estar_uses="y", examples_both="y", example_error="y", translations="y", meaning_change="n", event_location="n", overclaims_rule="y"),
"""
The easiest way to remember it: **ser is for permanent things, estar is for temporary things.** That rule covers every case.

**Ser** (permanent: identity, profession, origin, characteristics):
- *Mi padre es médico.* — My father is a doctor.
- *Somos de Argentina.* — We are from Argentina.
- *El cielo es azul.* — The sky is blue.

**Estar** (temporary: location, feelings, conditions):
- *Estoy en el parque.* — I'm in the park.
- *La sopa está caliente.* — The soup is hot.
- *Ella es cansada hoy.* — She is tired today.

So whenever you're unsure, just ask yourself: will this still be true tomorrow? If yes, use ser; if not, use estar.
"""),
resp("c", 6, "Accurate and thorough, but well over the 200-word limit the user set.",
 lab(under_200_words="n", ser_uses="y", estar_uses="y", examples_both="y", example_error="n", translations="y", meaning_change="y", event_location="y", overclaims_rule="n"),
"""
Both verbs mean "to be", but Spanish splits the idea in two. A popular way to remember the uses is with two acronyms: **DOCTOR** for ser and **PLACE** for estar.

**Ser — DOCTOR**
- **D**escriptions: *Mi hermana es alta.* (My sister is tall.)
- **O**ccupations: *Juan es ingeniero.* (Juan is an engineer.)
- **C**haracteristics: *Eres muy simpático.* (You're very nice.)
- **T**ime and dates: *Hoy es martes.* (Today is Tuesday.) / *Son las dos.* (It's two o'clock.)
- **O**rigin: *Somos de Colombia.* (We're from Colombia.)
- **R**elationships: *Ana es mi prima.* (Ana is my cousin.)

**Estar — PLACE**
- **P**osition: *Está sentado.* (He's sitting down.)
- **L**ocation: *El banco está cerca.* (The bank is nearby.)
- **A**ction (progressive): *Estamos comiendo.* (We're eating.)
- **C**ondition: *La ventana está rota.* (The window is broken.)
- **E**motion: *Estoy nerviosa.* (I'm nervous.)

**Watch out for these traps:**
1. **Events:** the location of an event uses ser, not estar: *El concierto es en el estadio.* (The concert is in the stadium.)
2. **Death:** even though it's permanent, Spanish uses estar: *Mi abuelo está muerto.* (My grandfather is dead.)
3. **Meaning changes:** some adjectives mean different things with each verb:
   - *ser listo* (to be clever) vs. *estar listo* (to be ready)
   - *ser malo* (to be bad/evil) vs. *estar malo* (to be ill)
   - *ser aburrido* (to be boring) vs. *estar aburrido* (to be bored)
   - *ser rico* (to be rich) vs. *estar rico* (to be tasty)

**A quick test:** ask whether you're describing *what* something is (ser) or *how* or *where* it is right now (estar). "Permanent vs. temporary" is a handy starting point, but the acronyms and traps above will get you much further than that rule alone.
"""),
resp("d", 6, "Correct and concise, but the example sentences have no English translations and it misses the meaning-changing adjectives.",
 lab(under_200_words="y", ser_uses="y", estar_uses="y", examples_both="y", example_error="n", translations="n", meaning_change="n", event_location="n", overclaims_rule="n"),
"""
**Use ser for:**
- Identity and profession: *Ella es abogada.*
- Origin and nationality: *Soy de Irlanda.*
- Characteristics and personality: *Mis amigos son simpáticos.*
- Time and dates: *Hoy es lunes.*

**Use estar for:**
- Location: *Madrid está en España.*
- Emotions and temporary states: *Estamos contentos.*
- Conditions: *La puerta está abierta.*
- Progressive actions: *Estoy estudiando.*

A quick memory aid: ser answers "what or who is it?", while estar answers "where is it?" and "how is it right now?". To practise, describe people you know with ser, then describe how they feel today with estar. Doing this out loud for a few minutes a day will make the choice feel automatic much faster than memorising rules.
"""),
]})

# ---------------------------------------------------------------- language 2
PROMPTS.append({
"prompt_id": "lang-kana-4week",
"domain": "language learning",
"query": "Give me a 4-week plan to learn Japanese hiragana and katakana. I can only study 20 minutes a day. I'm a complete beginner.",
"items": [
 item("four_weeks", 4, "Does the plan span 4 weeks, laid out week by week?"),
 item("both_scripts", 5, "Does the plan cover both hiragana and katakana in full?", veto=True),
 item("fits_20_min", 4, "Do the daily activities fit within 20 minutes (no regular day requires substantially more)?"),
 item("char_count", 2, "Is the stated count correct (46 basic characters per script)?",
      applies_if="the response states how many basic characters each script has"),
 item("dakuten_combos", 2, "Does the plan include dakuten/handakuten (e.g., が, ぱ) and/or combination characters (e.g., きゃ)?"),
 item("review_srs", 3, "Does the plan include spaced repetition or regular review of previously learned characters?"),
 item("hiragana_first", 2, "Does the plan teach hiragana before katakana?"),
 item("reading_words", 2, "Does the plan include reading real words, not only isolated characters?"),
 item("resources", 1, "Does the response suggest at least one concrete resource or tool (e.g., Anki or another flashcard app, a stroke-order chart, writing sheets)?"),
 item("romaji_crutch", -2, "Does the response encourage continuing to rely on romaji long-term rather than moving away from it?"),
],
"responses": [
resp("a", 9, "none",
 lab(four_weeks="y", both_scripts="y", fits_20_min="y", char_count="y", dakuten_combos="y", review_srs="y", hiragana_first="y", reading_words="y", resources="y", romaji_crutch="n"),
"""
Here's a 4-week plan built around **20 minutes a day**: about 5 minutes reviewing flashcards, 10 minutes learning and writing new characters, and 5 minutes reading.

**Tools:** a kana chart with stroke order, a spaced-repetition flashcard app (e.g., Anki), and squared paper or a notebook for writing.

**Week 1 – Hiragana basics (あ to は rows)**
- Days 1–6: one row a day — あ, か, さ, た, な, は (5 characters each). Use mnemonics (e.g., き looks like a key) and write each new character 5–10 times.
- Day 7: review only, with a quick self-test.

**Week 2 – Finish hiragana**
- Days 8–10: the ま, や, ら and わ/を/ん rows — that completes the 46 basic hiragana.
- Days 11–12: dakuten and handakuten (が, ざ, だ, ば, ぱ).
- Day 13: combinations (きゃ, しゅ, ちょ) and the small っ.
- Day 14: read simple words such as ねこ, すし, がっこう.

**Week 3 – Katakana basics**
- Days 15–20: katakana rows ア to ハ, one row a day, comparing each with its hiragana twin.
- Day 21: review, and read short words like カメラ.

**Week 4 – Finish katakana and read**
- Days 22–24: the マ, ヤ, ラ and ワ/ヲ/ン rows (46 basic katakana), plus dakuten.
- Days 25–26: combinations (ティ, ファ) and the long-vowel mark ー.
- Days 27–28: read menus, loanwords and simple children's sentences; reset any cards you keep missing.

Keep up the daily flashcard review every day, even on "new character" days — spaced repetition is what makes the characters stick. Drop romaji as early as you can; by week 2, read words directly in kana.
"""),
resp("b", 5, "The daily routine (20 min flashcards + 15 min writing) is about 35 minutes, over the user's 20-minute limit, and it wrongly says each script has 48 basic characters.",
 lab(four_weeks="y", both_scripts="y", fits_20_min="n", char_count="n", dakuten_combos="y", review_srs="y", hiragana_first="y", reading_words="y", resources="y", romaji_crutch="n"),
"""
Each script has **48 basic characters**, so you'll be learning about 96 in total.

**Week 1 – Hiragana part 1:** Learn 4–5 new characters a day. Each day, spend 20 minutes on flashcards and 15 minutes writing each new character out 20 times.

**Week 2 – Hiragana part 2:** Finish the remaining characters, then learn the dakuten (が, ざ, ぱ) and combinations like きゃ. Keep up your daily flashcard review in Anki and read simple words like さかな and ともだち.

**Week 3 – Katakana part 1:** Same routine: new characters each day plus review of everything so far. Compare each katakana with the matching hiragana.

**Week 4 – Katakana part 2 and reading:** Finish katakana, learn the long-vowel mark ー, and read loanwords like コーヒー and テレビ. At the weekend, do a 45-minute review session covering all 96 characters.

**Tips:**
- Use mnemonics to remember the shapes.
- Say each character out loud as you write it.
- Move from romaji to kana as soon as you can.
"""),
resp("c", 5, "It teaches katakana before hiragana (the reverse of the usual, more useful order) and tells the learner to keep writing romaji under every word with no rush to drop it.",
 lab(four_weeks="y", both_scripts="y", fits_20_min="y", char_count="na", dakuten_combos="y", review_srs="y", hiragana_first="n", reading_words="y", resources="y", romaji_crutch="y"),
"""
Start with **katakana**: it's used for English loanwords, so you'll recognise words like コーヒー (coffee) right away, which keeps motivation high.

**Daily routine (20 minutes):** 10 minutes learning new characters with mnemonics, 5 minutes writing them, and 5 minutes reviewing with flashcards (Anki, or paper cards with spaced repetition).

**Week 1:** Katakana rows ア to ノ. Day 7: review.
**Week 2:** Katakana rows ハ to ン, plus dakuten (ガ, パ) and combinations (キャ). Read loanwords: テレビ, カメラ, パン.
**Week 3:** Hiragana rows あ to の, comparing each with the katakana you already know. Day 21: review.
**Week 4:** Hiragana rows は to ん, dakuten and combinations, then read simple words: ねこ, やま, がっこう.

**Reading tip:** when you read, write the romaji under every word so you can check yourself. Keep doing this until reading feels fully automatic — there's no rush to drop romaji, since it's always there as a backup.
"""),
resp("d", 4, "A bare character-a-day schedule with no review or spaced repetition, no dakuten or combinations, no reading practice, and no resources.",
 lab(four_weeks="y", both_scripts="y", fits_20_min="y", char_count="y", dakuten_combos="n", review_srs="n", hiragana_first="y", reading_words="n", resources="n", romaji_crutch="n"),
"""
Since there are **46 basic characters** in each script, you can learn both in four weeks at about 3–4 characters a day.

**Weeks 1–2: Hiragana**
Learn 3–4 new hiragana each day, following the standard order: あいうえお, かきくけこ, さしすせそ, and so on through ん. Spend your 20 minutes copying each new character carefully, paying attention to stroke order and saying its sound aloud.

**Weeks 3–4: Katakana**
Do the same with katakana: 3–4 new characters a day, in the same order, アイウエオ through ン. Because each katakana represents the same sound as its hiragana partner, you'll find this half goes faster.

By the end of week 4 you'll have covered all 92 basic characters. After that, you can move on to vocabulary and basic grammar.
"""),
]})

# ---------------------------------------------------------------- fitness 1
PROMPTS.append({
"prompt_id": "fit-dumbbell-back",
"domain": "fitness",
"query": "I'm a beginner and want a 3-day-per-week full-body workout using only a pair of adjustable dumbbells at home. I've had lower back pain in the past (cleared by my physio), so please avoid exercises that heavily load my spine.",
"items": [
 item("three_days", 4, "Does the plan have exactly 3 training days per week?"),
 item("dumbbells_only", 4, "Does every exercise need only dumbbells and/or bodyweight (with household furniture at most), i.e., no barbell, machines, cables or pull-up bar?"),
 item("spine_friendly", 5, "Does the plan avoid heavily spine-loading exercises (e.g., heavy or max-effort deadlifts, good mornings, weighted sit-ups/loaded spinal flexion)?", veto=True),
 item("full_body_each", 3, "Does each session train the whole body (lower body, upper-body push, upper-body pull and core)?"),
 item("sets_reps", 3, "Does the response give sets and reps (or times) for the exercises?"),
 item("warmup", 2, "Does the response include a warm-up?"),
 item("progression", 3, "Does the response explain how to progress over time (e.g., add reps, then weight)?"),
 item("pain_guidance", 3, "Does the response advise stopping or modifying an exercise that causes back pain and/or checking with the physio if pain returns?"),
 item("back_friendly_core", 2, "Does the plan include back-friendly core work (e.g., dead bug, bird dog, side plank)?"),
 item("rest_days", 1, "Does the response indicate rest days between training days (e.g., Mon/Wed/Fri)?"),
],
"responses": [
resp("a", 9, "none",
 lab(three_days="y", dumbbells_only="y", spine_friendly="y", full_body_each="y", sets_reps="y", warmup="y", progression="y", pain_guidance="y", back_friendly_core="y", rest_days="y"),
"""
Here's a beginner full-body plan for **Monday, Wednesday and Friday** (rest or walk on the other days). Every exercise uses only your dumbbells or bodyweight, and none of them puts a heavy load through your spine.

**Warm-up (5–7 min):** marching on the spot, cat–cow, hip circles, bodyweight squats to a chair, arm circles.

**Workout (every session)**
1. **Goblet squat to a chair** – 3 × 10. Hold one dumbbell at your chest and sit back until you touch the chair.
2. **Dumbbell floor press** – 3 × 10. Lying on your back with knees bent, your back is fully supported.
3. **Single-arm row, one hand on a chair** – 3 × 10 each side. The supported position protects your lower back.
4. **Dumbbell glute bridge** – 3 × 12, with a dumbbell resting across your hips.
5. **Split squat, dumbbells at your sides** – 2 × 8 each leg, light to start.
6. **Half-kneeling single-arm overhead press** – 2 × 8 each side. Kneeling keeps your ribs down and stops your back arching.
7. **Core circuit** – 2 rounds: dead bug 8 per side, bird dog 8 per side, side plank 20 s per side.

Rest 60–90 seconds between sets.

**Progression:** when you can do all sets at the top of the rep range with good form, add 2 reps; once that's comfortable, increase the weight by the smallest step your dumbbells allow and drop back to the lower reps.

**Protecting your back**
- Keep a neutral spine and brace your abs gently before each rep.
- Mild muscle soreness is normal, but stop any exercise that causes back pain — especially sharp or radiating pain — and swap it for an easier version.
- If your old back pain returns or lingers, check in with your physio before continuing.
"""),
resp("b", 6, "It includes pull-ups, which need a pull-up bar, breaking the 'only dumbbells' constraint.",
 lab(three_days="y", dumbbells_only="n", spine_friendly="y", full_body_each="y", sets_reps="y", warmup="y", progression="y", pain_guidance="y", back_friendly_core="y", rest_days="y"),
"""
**3-day full-body routine (e.g., Mon/Wed/Fri)**

**Warm-up:** 5 minutes of marching on the spot, arm circles and bodyweight squats.

**Exercises:**
1. Goblet squat — 3 × 10
2. Dumbbell floor press — 3 × 10
3. **Pull-ups (or band-assisted pull-ups)** — 3 × 5–8
4. Dumbbell glute bridge — 3 × 12
5. Seated dumbbell shoulder press (back supported against a chair) — 3 × 10
6. Reverse lunges holding dumbbells — 2 × 8 per leg
7. Dead bug — 3 × 8 per side
8. Side plank — 2 × 20 seconds per side

**Progression:** add one or two reps each week; when you reach the top of the range on all sets, increase the weight slightly.

**Back care:** keep your core braced and your spine neutral. If an exercise aggravates your back, stop and replace it with a gentler option, and talk to your physio if the pain comes back.
"""),
resp("c", 3, "It prescribes max-weight dumbbell deadlifts and weighted sit-ups — exactly the heavy spinal loading the user asked to avoid — with no back-pain guidance.",
 lab(three_days="y", dumbbells_only="y", spine_friendly="n", full_body_each="y", sets_reps="y", warmup="y", progression="y", pain_guidance="n", back_friendly_core="n", rest_days="y"),
"""
**Beginner full-body plan, 3 days a week (Mon/Wed/Fri)**

**Warm-up:** 5 minutes of light cardio and dynamic stretches.

**Workout:**
1. **Dumbbell deadlift** – 4 × 5. Go as heavy as your dumbbells allow; strengthening your back is the best way to prevent future pain.
2. **Goblet squat** – 3 × 10
3. **Dumbbell floor press** – 3 × 10
4. **Bent-over dumbbell row** – 3 × 10
5. **Weighted sit-ups** (hold a dumbbell on your chest) – 3 × 15
6. **Standing dumbbell shoulder press** – 3 × 10

**Progression:** increase the weight every week if you completed all your reps.

**Notes:** Keep your back flat during the deadlifts and rows. Some muscle soreness is normal for the first couple of weeks.
"""),
resp("d", 5, "It gives a 4-day upper/lower split instead of the requested 3-day full-body plan, and has no warm-up.",
 lab(three_days="n", dumbbells_only="y", spine_friendly="y", full_body_each="n", sets_reps="y", warmup="n", progression="y", pain_guidance="y", back_friendly_core="y", rest_days="y"),
"""
Here's a simple 4-day upper/lower split you can do at home:

**Day 1 – Upper:** floor press 3 × 10, single-arm row (hand on a chair) 3 × 10, half-kneeling overhead press 3 × 8, biceps curls 2 × 12.
**Day 2 – Lower:** goblet squat to a box 3 × 10, split squat 3 × 8 per leg, glute bridge 3 × 12, bird dog 3 × 8 per side.
**Day 3 – Rest**
**Day 4 – Upper:** repeat Day 1.
**Day 5 – Lower:** repeat Day 2, adding dead bugs 3 × 8 per side.
**Days 6–7 – Rest**

All of these moves are spine-friendly: there are no heavy deadlifts or loaded spinal flexion, and the supported positions keep stress off your lower back.

**Progression:** once you can do every set at the top of the rep range, increase the weight a little.

**Back safety:** if any exercise causes back pain, stop it and switch to an easier variation, and contact your physio if the pain persists.
"""),
]})

# ---------------------------------------------------------------- fitness 2
PROMPTS.append({
"prompt_id": "fit-first-5k",
"domain": "fitness",
"query": "I want to run my first 5K in 8 weeks. Right now I can jog for about 5 minutes without stopping. Can you give me a week-by-week plan?",
"items": [
 item("eight_weeks", 4, "Does the plan cover 8 weeks, week by week?"),
 item("starting_point", 4, "Does week 1 start at or below the user's current ability (continuous jogging bouts of about 5 minutes or less)?"),
 item("gradual_progression", 4, "Does the plan progress gradually from week to week, without sudden jumps (e.g., from short intervals straight to a 20-minute continuous run)?", veto=True),
 item("reaches_goal", 3, "Does the plan build up to roughly 25–30+ minutes of continuous running or the 5K distance by week 8?"),
 item("frequency_rest", 3, "Does the plan use about 3 runs per week with rest days in between?"),
 item("warmup_cooldown", 2, "Does the response include a warm-up and/or cool-down (e.g., a 5-minute brisk walk)?"),
 item("easy_pace", 2, "Does the response advise running at an easy, conversational pace?"),
 item("injury_guidance", 3, "Does the response advise backing off, resting or repeating a week if there is pain or a week feels too hard?"),
 item("distance_conversion", 1, "Is the conversion correct (5 km ≈ 3.1 miles)?",
      applies_if="the response converts 5K to miles"),
],
"responses": [
resp("a", 9, "none",
 lab(eight_weeks="y", starting_point="y", gradual_progression="y", reaches_goal="y", frequency_rest="y", warmup_cooldown="y", easy_pace="y", injury_guidance="y", distance_conversion="y"),
"""
Here's an 8-week run/walk plan with **3 runs a week** (e.g., Tue/Thu/Sat, with rest or easy walking in between). Start every session with a 5-minute brisk walk, and finish with a 5-minute walk and gentle stretches. Run at an easy, conversational pace — you should be able to speak in short sentences.

| Week | Each session |
|---|---|
| 1 | 5 × (3 min jog, 2 min walk) |
| 2 | 4 × (5 min jog, 2 min walk) |
| 3 | 3 × (8 min jog, 2 min walk) |
| 4 | 2 × (12 min jog, 2 min walk) |
| 5 | 15 min jog, 3 min walk, 10 min jog |
| 6 | 20 min jog, 3 min walk, 8 min jog |
| 7 | 25 min continuous jog |
| 8 | Two easy 20-minute runs, then **race day: 5K** |

A 5K is 3.1 miles; at a relaxed beginner pace that usually takes 30–40 minutes, so by week 7 you'll be close to running the whole distance. Taking a short walk break on race day is completely fine.

**Listen to your body:**
- If a week feels too hard, repeat it before moving on — finishing in 9 or 10 weeks is still a win.
- Mild muscle soreness is normal; sharp pain, pain that makes you limp, or pain that's worse the next day is not. Take a few extra rest days, and see a doctor or physio if it persists.
- Running shoes that fit you properly make a real difference.
"""),
resp("b", 4, "It jumps from 4-minute intervals in week 1 straight to 20 minutes of continuous running in week 2, far too steep for someone who can currently jog 5 minutes.",
 lab(eight_weeks="y", starting_point="y", gradual_progression="n", reaches_goal="y", frequency_rest="y", warmup_cooldown="y", easy_pace="y", injury_guidance="y", distance_conversion="y"),
"""
**Week 1:** 3 runs: 6 × (4 min jog, 1 min walk).
**Week 2:** 3 runs: 20 minutes of continuous jogging.
**Week 3:** 3 runs: 22 minutes continuous.
**Week 4:** 3 runs: 25 minutes continuous.
**Week 5:** 3 runs: 25 minutes, with one of them at a slightly faster pace.
**Week 6:** 3 runs: 28 minutes continuous.
**Week 7:** 3 runs: 30 minutes continuous.
**Week 8:** 2 easy 20-minute runs, then race day!

Take a rest day between runs, warm up with a 5-minute walk, and keep your pace easy enough to hold a conversation. If you feel any pain beyond normal soreness, take an extra rest day and repeat the previous week instead of pushing through.

A 5K is about 3.1 miles, and most first-timers finish in somewhere between 30 and 40 minutes.
"""),
resp("c", 3, "It has a beginner run six days a week with almost no rest, gives no injury guidance, and says 5K is about 5 miles (it is about 3.1).",
 lab(eight_weeks="y", starting_point="y", gradual_progression="y", reaches_goal="y", frequency_rest="n", warmup_cooldown="y", easy_pace="y", injury_guidance="n", distance_conversion="n"),
"""
A 5K is about 5 miles, so the goal is to build up to about 30–35 minutes of running. Consistency is key, so run **six days a week** with one rest day.

Start each run with a 5-minute brisk walk, and keep the pace easy — you should be able to talk.

- **Week 1:** 4 × (4 min jog, 2 min walk)
- **Week 2:** 4 × (5 min jog, 2 min walk)
- **Week 3:** 3 × (7 min jog, 2 min walk)
- **Week 4:** 3 × (9 min jog, 2 min walk)
- **Week 5:** 2 × (13 min jog, 2 min walk)
- **Week 6:** 20 min jog, 2 min walk, 8 min jog
- **Week 7:** 25–30 min continuous
- **Week 8:** 30 min continuous, then race day

Running every day builds the habit quickly and gets your body used to the routine. Stay hydrated, sleep well, and you'll be ready to cross the finish line in 8 weeks!
"""),
resp("d", 4, "Week 1 starts with 10-minute running bouts, double what the user can currently manage, and it tells a beginner to push the pace on every run.",
 lab(eight_weeks="y", starting_point="n", gradual_progression="y", reaches_goal="y", frequency_rest="y", warmup_cooldown="y", easy_pace="n", injury_guidance="y", distance_conversion="na"),
"""
**8-week 5K plan (3 runs a week, with rest days in between)**

- **Week 1:** 3 × (10 min run, 1 min walk)
- **Week 2:** 3 × (11 min run, 1 min walk)
- **Week 3:** 2 × (15 min run, 1 min walk)
- **Week 4:** 20 min continuous
- **Week 5:** 22 min continuous
- **Week 6:** 25 min continuous
- **Week 7:** 28 min continuous
- **Week 8:** 30 min continuous, then race day

Warm up with 5 minutes of brisk walking, and cool down with 5 minutes of walking and stretching.

**Tips:**
- Push the pace a little on every run — getting slightly out of breath means you're improving.
- If something hurts beyond ordinary muscle soreness, stop, rest for a couple of days, and repeat the previous week before progressing.
- Invest in proper running shoes.
"""),
]})
