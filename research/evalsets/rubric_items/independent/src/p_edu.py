from common import I, R, P

PROMPTS = []

# ---------------- E1 ----------------
PROMPTS.append(P(
"edu_chem_study_plan", "education / study help", "checklist",
"Make me a 7-day study plan for my high school chemistry final covering stoichiometry, gas laws, and acid-base chemistry. I can study 1 hour per day. Format it as a table.",
[
 I("seven_days", "Does the plan cover exactly 7 days?", 4, True),
 I("table", "Is the plan formatted as a table?", 3),
 I("all_topics", "Does the plan cover all three topics: stoichiometry, gas laws, and acid-base chemistry?", 4),
 I("one_hour", "Does each day's plan fit within about 1 hour?", 3),
 I("practice_review", "Does the plan include practice problems and a cumulative review or practice test near the end?", 3),
 I("active_methods", "Does the plan use active study methods (e.g., self-testing, working problems without notes, flashcards, spaced review of earlier topics)?", 2),
 I("off_topic", "Does the plan devote substantial time to chemistry topics the user didn't list (e.g., organic chemistry, nuclear chemistry)?", -2),
],
[
R("a", """
| Day | Focus | What to do (about 60 min) |
|---|---|---|
| 1 | Stoichiometry basics | 15 min: review mole conversions and molar mass. 45 min: work 8-10 mole-to-mole and gram-to-gram problems without looking at notes, then check answers. |
| 2 | Stoichiometry advanced | 10 min: redo two Day 1 problems from memory. 50 min: limiting reactant and percent yield problems. |
| 3 | Gas laws | 15 min: write Boyle's, Charles's, combined, and ideal gas laws from memory, then check. 45 min: mixed gas law problems (watch units: Kelvin, atm, L). |
| 4 | Acid-base concepts | 20 min: Arrhenius and Brønsted-Lowry definitions, strong vs. weak acids, flashcards. 40 min: pH/pOH and [H+] calculations. |
| 5 | Acid-base applications | 10 min: flashcard review of Days 3-4. 50 min: neutralization and titration problems, including gas-stoichiometry mixed questions. |
| 6 | Practice test | 50 min: timed practice test or past final with all three topics. 10 min: mark it and list weak spots. |
| 7 | Targeted review | 40 min: rework missed problems from Day 6. 20 min: quick self-quiz on formulas and definitions, then rest. |

Tips: keep an "error log" of every problem you miss and why, and do problems on paper, not just by reading solutions.
""", {"seven_days":"y","table":"y","all_topics":"y","one_hour":"y","practice_review":"y","active_methods":"y","off_topic":"n"},
10, "none"),
R("b", """
| Day | Topic | Activities | Time |
|---|---|---|---|
| 1 | Stoichiometry | Review the mole concept, molar mass, and balancing equations; read textbook chapter | 2 hours |
| 2 | Stoichiometry | Practice mole-mole and mass-mass conversions; limiting reactants | 2 hours |
| 3 | Stoichiometry | Percent yield and theoretical yield problems | 2 hours |
| 4 | Gas laws | Boyle's, Charles's, and Gay-Lussac's laws; practice problems | 2 hours |
| 5 | Gas laws | Combined and ideal gas law; gas stoichiometry | 2 hours |
| 6 | Review | Redo missed problems from all days; make a formula sheet | 2 hours |
| 7 | Practice exam | Take a full practice final under timed conditions and review answers | 2 hours |

Make sure to get a good night's sleep before the exam, and bring a calculator and your periodic table if allowed.
""", {"seven_days":"y","table":"y","all_topics":"n","one_hour":"n","practice_review":"y","active_methods":"y","off_topic":"n"},
3, "Leaves out acid-base chemistry entirely and schedules 2 hours a day when the user has only 1."),
R("c", """
Day 1 - Stoichiometry foundations (60 min): review moles, molar mass, and balanced equations for 15 minutes, then work 10 conversion problems without notes and check your answers.

Day 2 - Stoichiometry applications (60 min): limiting reactant, theoretical yield, and percent yield problems; start by redoing two problems from Day 1 from memory.

Day 3 - Gas laws (60 min): write out each gas law from memory, then do 10 mixed problems. Always convert temperature to Kelvin.

Day 4 - Acid-base basics (60 min): definitions, strong versus weak acids and bases, and pH calculations. Make flashcards for the definitions.

Day 5 - Acid-base applications (60 min): neutralization and titration problems, plus 10 minutes of flashcards from Days 3 and 4.

Day 6 - Practice test (60 min): a timed practice test covering all three topics, then mark it.

Day 7 - Fix weak spots (60 min): redo every missed problem and self-quiz on formulas.
""", {"seven_days":"y","table":"n","all_topics":"y","one_hour":"y","practice_review":"y","active_methods":"y","off_topic":"n"},
6, "Strong plan, but written as a list of paragraphs instead of the requested table."),
]))

# ---------------- E2 ----------------
PROMPTS.append(P(
"edu_pythagoras_kid", "education / study help", "general",
"Explain the Pythagorean theorem to a 12-year-old and give one practice problem with the answer.",
[
 I("statement", "Does the response correctly state a² + b² = c², where c is the hypotenuse (the longest side, opposite the right angle)?", 5, True),
 I("right_triangle_only", "Does the response specify that the theorem applies to right triangles?", 3),
 I("age_level", "Is the language suitable for a 12-year-old?", 3),
 I("worked_example", "Does the response walk through a worked example?", 2),
 I("practice_problem", "Does the response give exactly one practice problem with an answer?", 3),
 I("answer_correct", "Is the answer given for the practice problem correct?", 4, True),
 I("real_world", "Does the response mention a real-world use (e.g., ladders, distances, building)?", 1),
 I("any_triangle", "Does the response say the theorem works for any triangle?", -4),
],
[
R("a", """
The Pythagorean theorem is a rule about right triangles, the ones with a perfect square corner (90 degrees), like the corner of a piece of paper.

A right triangle has two shorter sides that make the square corner, called the legs (we'll call them a and b), and one long, slanted side across from the square corner, called the hypotenuse (c). The rule says:

a² + b² = c²

In words: if you square each leg and add them up, you get the square of the hypotenuse.

Example: a triangle has legs of 3 and 4.
- 3² = 9 and 4² = 16
- 9 + 16 = 25
- What number times itself is 25? 5. So the hypotenuse is 5.

Why it's useful: builders use it to check that corners are square, and you can use it to find the shortest distance across a field or how long a ladder needs to be.

Practice problem: A 10-foot ladder leans against a wall. The bottom of the ladder is 6 feet from the wall. How high up the wall does the ladder reach?

Hint: the ladder is the hypotenuse, because it's across from the square corner where the wall meets the ground.

Answer: 6² + b² = 10², so 36 + b² = 100, b² = 64, and b = 8. The ladder reaches 8 feet up the wall.
""", {"statement":"y","right_triangle_only":"y","age_level":"y","worked_example":"y","practice_problem":"y","answer_correct":"y","real_world":"y","any_triangle":"n"},
10, "none"),
R("b", """
Imagine a triangle with one perfect square corner, like the corner of a book. That's called a right triangle. The two sides that form the square corner are called legs, and the longest side, across from the corner, is the hypotenuse.

The Pythagorean theorem says: a² + b² = c²

The "a" and "b" are the legs, and "c" is the hypotenuse. Squaring a number means multiplying it by itself, so 3² = 3 × 3 = 9.

Let's try one: legs of 6 and 8.
- 6² = 36
- 8² = 64
- 36 + 64 = 100
- The square root of 100 is 10, so the hypotenuse is 10.

This is handy for things like figuring out how big a TV screen is (TVs are measured corner to corner!) or how far you'd walk cutting diagonally across a park.

Practice problem: A right triangle has legs of 5 cm and 12 cm. How long is the hypotenuse?

Answer: 5² + 12² = 25 + 144 = 169, and the square root of 169 is 15, so the hypotenuse is 15 cm.
""", {"statement":"y","right_triangle_only":"y","age_level":"y","worked_example":"y","practice_problem":"y","answer_correct":"n","real_world":"y","any_triangle":"n"},
4, "The practice answer is wrong: the square root of 169 is 13, not 15."),
R("c", """
The Pythagorean theorem is one of the most famous rules in math. It tells you how the three sides of a triangle are connected.

Here's the rule: a² + b² = c²

The letters a and b stand for the two shorter sides, and c is the longest side, called the hypotenuse. The little 2 means "squared," which is a number times itself. The great thing about this rule is that it works for any triangle, so once you know two sides, you can always figure out the third.

Example: if the two short sides are 3 and 4:
- 3 × 3 = 9
- 4 × 4 = 16
- 9 + 16 = 25
- The number that times itself makes 25 is 5, so the long side is 5.

Practice problem: A triangle has short sides of 9 and 12. How long is the longest side?

Answer: 81 + 144 = 225, and 15 × 15 = 225, so the longest side is 15.
""", {"statement":"y","right_triangle_only":"n","age_level":"y","worked_example":"y","practice_problem":"y","answer_correct":"y","real_world":"n","any_triangle":"y"},
3, "Says the theorem works for any triangle and never mentions the right angle."),
]))

# ---------------- E3 ----------------
PROMPTS.append(P(
"edu_spaced_repetition", "education / study help", "rar",
"How does spaced repetition work, and how should I use it to learn vocabulary for a language exam in 6 weeks?",
[
 I("forgetting_curve", "Does the response explain the underlying idea (the spacing effect and/or the forgetting curve: memories fade unless reviewed, and well-timed reviews slow the fading)?", 3),
 I("increasing_intervals", "Does the response explain that reviews are spaced at increasing intervals (e.g., 1 day, 3 days, a week, longer) as an item becomes better known?", 4, True),
 I("active_recall", "Does the response emphasize actively recalling the answer (testing yourself) rather than rereading?", 3),
 I("tool", "Does the response suggest a concrete tool or system (e.g., an SRS flashcard app or a Leitner box)?", 2),
 I("six_week_plan", "Does the response give a plan tailored to the 6-week timeline (e.g., a daily number of new words and tapering new cards near the exam)?", 3),
 I("daily_consistency", "Does the response stress doing reviews daily or consistently?", 2),
 I("cramming", "Does the response recommend cramming (massed study close to the exam) as the primary strategy?", -3),
 I("misattribution", "Does the response attribute the forgetting curve to the wrong person (it was Hermann Ebbinghaus)?", -2),
],
[
R("a", """
How it works: memories fade over time in a predictable way, which psychologist Hermann Ebbinghaus described as the forgetting curve in the 1880s. Each time you successfully recall something just as you're starting to forget it, the memory becomes stronger and fades more slowly. Spaced repetition takes advantage of this by reviewing each item at increasing intervals: say, 1 day, then 3 days, then a week, then two weeks. Words you know well get pushed far out; words you miss come back sooner.

Two ingredients make it work:
- Active recall: look at the word, try to produce the meaning (or the reverse) before flipping the card. Recognizing an answer isn't the same as remembering it.
- Consistency: the algorithm only works if you do your reviews every day.

Tools: Anki is free and highly customizable; other SRS flashcard apps work too. On paper, use a Leitner box: cards move to a less frequently reviewed box each time you get them right, and back to box 1 when you miss them.

A 6-week plan:
- Weeks 1-4: add about 20-30 new words a day, depending on how many you need. Do all due reviews first, then new cards. Expect 20-40 minutes a day once reviews build up.
- Week 5: cut new words to about 10 a day, and focus on the difficult cards.
- Week 6: stop adding new cards 5-7 days before the exam so every word gets several reviews. Use the extra time for sentences, listening, and practice exams.

Tips: put each word in a short example sentence, add audio if speaking counts, and make cards in both directions for words you need to produce, not just recognize.
""", {"forgetting_curve":"y","increasing_intervals":"y","active_recall":"y","tool":"y","six_week_plan":"y","daily_consistency":"y","cramming":"n","misattribution":"n"},
10, "none"),
R("b", """
Spaced repetition is based on research by Jean Piaget, who showed that we forget most new information within days unless we go back over it, a pattern known as the forgetting curve. The solution is to review material regularly instead of studying it once.

How to use it for your exam:
1. Make flashcards for all your vocabulary, with the word on one side and the meaning on the other.
2. Split your list into six equal groups, one for each week.
3. Every day, go through the current week's cards, plus all the previous weeks' cards, so everything is reviewed daily.
4. Say each answer out loud before flipping the card, to practice recall.
5. In the last week, go through the entire deck two or three times a day.

Because you're seeing every word every single day, nothing has a chance to be forgotten, and you'll build very strong memories by exam day.

A flashcard app can make this easier, since it keeps all your cards in one place and you can study on your phone.
""", {"forgetting_curve":"y","increasing_intervals":"n","active_recall":"y","tool":"y","six_week_plan":"y","daily_consistency":"y","cramming":"n","misattribution":"y"},
3, "Attributes the forgetting curve to Piaget and describes daily review of every card, which is not spaced repetition (no increasing intervals)."),
R("c", """
Spaced repetition is a study technique where you review information at gradually increasing intervals. The idea comes from the spacing effect: we remember things much better when study sessions are spread out over time than when they're crammed together. Each time you successfully recall a word after a delay, your memory of it gets stronger, so the next review can wait longer.

For example, you might review a new word the next day, then three days later, then a week later, then two weeks later. If you forget it at any point, it goes back to a short interval.

The most important part is testing yourself. When you see a flashcard, try to recall the meaning before you flip it over, instead of just reading both sides. Retrieval is what strengthens memory.

Flashcard apps with built-in spaced repetition, such as Anki, handle the scheduling for you, so you just open the app each day and do the cards it shows you. It's one of the most efficient ways to learn large amounts of vocabulary.
""", {"forgetting_curve":"y","increasing_intervals":"y","active_recall":"y","tool":"y","six_week_plan":"n","daily_consistency":"y","cramming":"n","misattribution":"n"},
6, "Accurate explanation but ignores the 6-week exam timeline, giving no plan for new words per day or tapering before the exam."),
]))

# ---------------- E4 ----------------
PROMPTS.append(P(
"edu_note_tips", "education / study help", "checklist",
"Give me 5 tips for taking notes in college lectures, each tip one sentence, and don't mention any apps by name.",
[
 I("five_tips", "Does the response give exactly 5 tips?", 4, True),
 I("one_sentence", "Is each tip a single sentence?", 3),
 I("no_app_names", "Does the response avoid naming any specific app or software product?", 3),
 I("actionable", "Are the tips concrete and actionable rather than vague?", 2),
 I("evidence_based", "Does at least one tip reflect an established technique (e.g., Cornell method, reviewing within 24 hours, summarizing in your own words, self-quizzing from notes)?", 2),
 I("lecture_specific", "Are the tips specific to taking notes in lectures (not generic study advice)?", 1),
 I("padding", "Does the response add more than two sentences of introduction or conclusion beyond the tips?", -2),
],
[
R("a", """
1. Skim the readings or slides before class so you can spend the lecture noting explanations and examples instead of copying definitions.
2. Write in your own words and in short phrases rather than transcribing, because paraphrasing forces you to process what you hear.
3. Use the Cornell layout: leave a narrow left column for questions and keywords and a space at the bottom for a two-line summary.
4. Mark anything the professor repeats, writes on the board, or says "will be on the exam" with a star, and leave a gap for anything you missed so you can fill it in later.
5. Review and tidy your notes within 24 hours, turning the left-column keywords into questions and quizzing yourself on them.
""", {"five_tips":"y","one_sentence":"y","no_app_names":"y","actionable":"y","evidence_based":"y","lecture_specific":"y","padding":"n"},
10, "none"),
R("b", """
1. Keep all your notes in one place, such as Notion or OneNote, organized with a separate page for each lecture.
2. Record the lecture with your professor's permission and use a transcription tool like Otter.ai so you can focus on listening.
3. Write in short phrases and your own words instead of trying to copy everything the professor says.
4. Use the Cornell method, with a cue column for key terms and a summary at the bottom of each page.
5. Review your notes within a day of the lecture and turn the key points into practice questions.
""", {"five_tips":"y","one_sentence":"y","no_app_names":"n","actionable":"y","evidence_based":"y","lecture_specific":"y","padding":"n"},
5, "Names specific apps (Notion, OneNote, Otter.ai) despite the instruction not to."),
R("c", """
1. Preview the material. Reading the slides or chapter beforehand means you'll recognize the key terms and can focus on the explanations.
2. Don't transcribe. Write short phrases in your own words; it's faster and helps you understand.
3. Try the Cornell method, which divides the page into a notes section, a cue column, and a summary area.
4. Sit near the front, where it's easier to see the board and stay focused.
5. Pay attention to signals from the professor. Repetition, emphasis, and phrases like "this is important" tell you what's likely to be tested.
6. Review within 24 hours. A quick review the same day dramatically improves how much you remember.
""", {"five_tips":"n","one_sentence":"n","no_app_names":"y","actionable":"y","evidence_based":"y","lecture_specific":"y","padding":"n"},
5, "Gives six tips instead of five, and each tip runs to two sentences."),
R("d", """
Taking good notes is one of the most important skills you can develop in college, and it can make a huge difference to your grades. Many students struggle at first because lectures move quickly and professors don't always follow the slides. The good news is that note-taking is a skill you can improve with practice. Here are five tips to get you started:

1. Preview the slides or readings before class so you know the key terms in advance.
2. Write in short phrases and your own words rather than copying every sentence.
3. Use the Cornell method, with a cue column for questions and a summary at the bottom.
4. Star anything the professor repeats or emphasizes, since it's likely to be tested.
5. Review your notes within 24 hours and quiz yourself on the cue-column questions.

Remember, everyone develops their own style over time, so don't be afraid to experiment until you find what works best for you. With consistent effort, you'll see your understanding and your grades improve. Good luck this semester!
""", {"five_tips":"y","one_sentence":"y","no_app_names":"y","actionable":"y","evidence_based":"y","lecture_specific":"y","padding":"y"},
6, "The tips are good, but they're wrapped in a four-sentence introduction and a three-sentence conclusion of filler."),
]))
