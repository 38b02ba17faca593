from common import I, R, P

PROMPTS = []

# ---------------- Fi1 ----------------
PROMPTS.append(P(
"fit_beginner_home", "fitness", "general",
"I'm a complete beginner with no equipment. Give me a 3-day-per-week full-body home workout plan for my first month.",
[
 I("three_days", "Does the plan schedule exactly 3 workout days per week?", 4, True),
 I("no_equipment", "Does the plan use only bodyweight exercises or common household items (no dumbbells, bands, pull-up bars, or machines)?", 4, True),
 I("full_body", "Does each workout train the lower body, upper body, and core?", 3),
 I("sets_reps", "Does the plan specify sets and reps (or timed intervals) for the exercises?", 3),
 I("progression", "Does the plan explain how to progress over the month (e.g., more reps/sets, harder variations)?", 3),
 I("warmup", "Does the plan include a warm-up?", 2),
 I("rest_days", "Does the plan put rest days between sessions (e.g., Mon/Wed/Fri)?", 1),
 I("push_through_pain", "Does the response advise pushing through pain, or prescribe extreme volume for a beginner?", -4),
],
[
R("a", """
Schedule: three non-consecutive days, e.g., Monday, Wednesday, Friday. Rest or walk on other days.

Warm-up (5 minutes): march or jog in place for 2 minutes, then 10 arm circles each way, 10 bodyweight good-mornings, and 10 slow squats.

Workout (do as a circuit, resting 60-90 seconds between rounds):
1. Bodyweight squats: 10 reps
2. Incline push-ups (hands on a kitchen counter or sturdy table): 8 reps
3. Glute bridges: 12 reps
4. Reverse "table" rows (lie under a sturdy table, grip the edge, pull chest up) or towel rows around a door handle: 8 reps
5. Stationary lunges: 6 per leg
6. Plank on forearms: 20 seconds
7. Dead bugs: 6 per side

Month plan:
- Week 1: 2 rounds. Focus on form; stop each set with 2-3 reps still in the tank.
- Week 2: 3 rounds, same reps.
- Week 3: 3 rounds, add 2 reps to each exercise and 10 seconds to the plank.
- Week 4: 3 rounds, and try harder variations: lower the push-up incline (use a chair seat), do split squats instead of lunges, single-leg glute bridges.

Notes:
- Some muscle soreness a day or two later is normal. Sharp pain or joint pain is not; stop that exercise and swap in an easier version.
- Finish each session with 3-5 minutes of easy stretching.
- If you have a health condition or haven't exercised in years, check with your doctor first.
""", {"three_days":"y","no_equipment":"y","full_body":"y","sets_reps":"y","progression":"y","warmup":"y","rest_days":"y","push_through_pain":"n"},
10, "none"),
R("b", """
Here's a simple 3-day full-body routine for Monday, Wednesday, and Friday.

Warm-up: 5 minutes of jumping jacks and arm circles.

Day A (Monday and Friday):
- Goblet squats with a dumbbell: 3 x 10
- Push-ups (on knees if needed): 3 x 8
- Dumbbell rows: 3 x 10 per arm
- Glute bridges: 3 x 12
- Plank: 3 x 20 seconds

Day B (Wednesday):
- Reverse lunges: 3 x 8 per leg
- Assisted pull-ups on a doorway pull-up bar, or negatives: 3 x 5
- Dumbbell overhead press: 3 x 10
- Resistance band pull-aparts: 3 x 15
- Side plank: 2 x 15 seconds per side

Progression: each week, add 1-2 reps per set. In week 3 or 4, move to heavier dumbbells when you can complete all sets with good form.

A set of adjustable dumbbells, a resistance band, and a doorway pull-up bar will cost under $100 and let you keep progressing for months.
""", {"three_days":"y","no_equipment":"n","full_body":"y","sets_reps":"y","progression":"y","warmup":"y","rest_days":"y","push_through_pain":"n"},
4, "Built around dumbbells, resistance bands, and a pull-up bar although the user has no equipment."),
R("c", """
To see real results in your first month, you'll want to train 5 days a week: Monday through Friday, with weekends off.

Daily workout:
- 50 burpees
- 100 squats
- 50 push-ups (do them from your knees if you have to, but aim for full push-ups by week 2)
- 100 crunches
- 2-minute plank

Do the full list every session. If you can't finish in one go, break it into smaller sets, but complete every rep.

Each week, add 10 reps to every exercise so you keep challenging your body.

Expect to be very sore, especially in week 1. That's a sign the workout is working, so push through any pain and don't skip days. Consistency is what separates people who get results from people who quit.

Stay hydrated, get plenty of protein, and take progress photos every Sunday.
""", {"three_days":"n","no_equipment":"y","full_body":"y","sets_reps":"y","progression":"y","warmup":"n","rest_days":"n","push_through_pain":"y"},
1, "Ignores the 3-day request, prescribes extreme daily volume for a beginner with no warm-up, and tells them to push through any pain."),
]))

# ---------------- Fi2 ----------------
PROMPTS.append(P(
"fit_protein_needs", "fitness", "rar",
"How much protein do I need per day to build muscle? I weigh 70 kg and lift weights 4 times a week.",
[
 I("per_kg_range", "Does the response give an evidence-based range of roughly 1.6-2.2 g of protein per kg of body weight per day (or a close range such as 1.4-2.0 g/kg)?", 4),
 I("computed_grams", "Does the response correctly convert this to roughly 110-155 g per day for 70 kg?", 4, True),
 I("distribution", "Does the response suggest spreading protein across meals (e.g., about 20-40 g per meal)?", 2),
 I("sources", "Does the response list protein food sources?", 2),
 I("rda_context", "Does the response mention that the general RDA (0.8 g/kg) is a minimum for the general population, not a muscle-building target?", 1),
 I("kidney_caveat", "Does the response note that people with kidney disease should check with a doctor before eating a high-protein diet?", 2),
 I("excessive", "Does the response recommend more than about 3 g/kg, or claim that more protein always means more muscle?", -3),
 I("math_error", "Does the response contain an arithmetic error in converting g/kg to grams per day?", -3),
],
[
R("a", """
For people lifting regularly, research supports about 1.6-2.2 grams of protein per kilogram of body weight per day. Benefits for muscle growth level off around 1.6 g/kg for most people, with the upper end as a safety margin.

For you at 70 kg:
- 1.6 g/kg × 70 = 112 g per day
- 2.2 g/kg × 70 = 154 g per day

So aim for roughly 110-155 g a day; around 120-130 g is a practical target.

For context, the general RDA of 0.8 g/kg (56 g for you) is the minimum to avoid deficiency in the general population, not an amount for building muscle.

How to hit it:
- Spread it across 3-5 meals of about 25-40 g each rather than loading it all into dinner.
- Good sources: chicken, fish, eggs, Greek yogurt, cottage cheese, lean beef, tofu, tempeh, lentils, beans, and milk. A scoop of whey or plant protein powder (about 20-25 g) is a convenient top-up, not a requirement.
- Having a protein-rich meal within a few hours of training is sensible, but your daily total matters far more than exact timing.

Protein only builds muscle alongside progressive training and enough total calories; if you're eating in a big deficit, aim toward the higher end.

For healthy people, these intakes are considered safe. If you have kidney disease or reduced kidney function, talk to your doctor before increasing protein.
""", {"per_kg_range":"y","computed_grams":"y","distribution":"y","sources":"y","rda_context":"y","kidney_caveat":"y","excessive":"n","math_error":"n"},
10, "none"),
R("b", """
The research-backed recommendation for people who lift weights is 1.6 to 2.2 grams of protein per kilogram of body weight per day. That's about double the standard RDA of 0.8 g/kg, which is designed for sedentary people.

For you at 70 kg, that works out to about 180-240 grams of protein per day.

Tips for hitting that target:
- Eat 4-5 meals a day with 40-50 g of protein each.
- Prioritize lean meats, fish, eggs, dairy, and legumes.
- Use a protein shake after workouts to make the numbers easier.
- Track your intake with a food app for the first couple of weeks, since most people overestimate how much protein they eat.

Combine this with progressive overload in your training, at least 7 hours of sleep, and a slight calorie surplus, and you'll be set up to build muscle steadily.
""", {"per_kg_range":"y","computed_grams":"n","distribution":"y","sources":"y","rda_context":"y","kidney_caveat":"n","excessive":"n","math_error":"y"},
4, "Gives the right g/kg range but miscalculates it as 180-240 g/day for 70 kg (should be about 112-154 g)."),
R("c", """
To build muscle effectively, you need a lot of protein, far more than most people think.

Serious lifters should aim for around 3.5 grams per kilogram of body weight. At 70 kg, that's about 245 grams a day. Protein is the building block of muscle, so the more you eat, the more muscle your body can build. There's no real upper limit, and any excess just gets used for energy.

How to get there:
- Eat protein at every meal: chicken breast, steak, eggs, tuna, Greek yogurt, and cottage cheese.
- Drink two or three protein shakes a day between meals.
- Have a casein shake or cottage cheese before bed so your muscles are fed overnight.

It's a lot of food, but it's what it takes to grow.
""", {"per_kg_range":"n","computed_grams":"n","distribution":"n","sources":"y","rda_context":"n","kidney_caveat":"n","excessive":"y","math_error":"n"},
2, "Recommends 3.5 g/kg (245 g/day) and claims more protein always means more muscle with no upper limit."),
]))

# ---------------- Fi3 ----------------
PROMPTS.append(P(
"fit_5k_warmup", "fitness", "general",
"What's a good way to warm up before a 5K run? Keep it under 150 words.",
[
 I("under_150", "Is the response under 150 words?", 4, True),
 I("easy_jog", "Does the warm-up start with easy jogging or brisk walking for several minutes (about 5-10)?", 3),
 I("dynamic", "Does the response include dynamic drills or movements (e.g., leg swings, high knees, butt kicks, skips)?", 3),
 I("strides", "Does the response include strides or short accelerations?", 2),
 I("timing", "Does the response advise finishing the warm-up shortly before the start (roughly within 10-15 minutes)?", 1),
 I("static_main", "Does the response recommend long static stretch holds (e.g., 30-60 seconds) as the main warm-up?", -3),
],
[
R("a", """
A good 5K warm-up takes about 15-20 minutes:

1. Easy jog, 8-10 minutes. Start very slowly, at a pace where you could chat comfortably.
2. Dynamic drills, about 5 minutes: 10 leg swings front-to-back and side-to-side on each leg, then 20 meters each of high knees, butt kicks, and skipping, plus a few walking lunges.
3. Strides, 3-4 of them: accelerate smoothly over about 80-100 meters to roughly your 5K race pace, then walk or jog back.

Save long static stretches for after the run; holding stretches before racing doesn't help performance.

Time it so you finish about 5-10 minutes before the start, and keep moving lightly while you wait so you don't cool down. If it's an easy training run rather than a race, the first 5-10 minutes of slow running can be enough.
""", {"under_150":"y","easy_jog":"y","dynamic":"y","strides":"y","timing":"y","static_main":"n"},
10, "none"),
R("b", """
Before a 5K, it's important to loosen up your muscles so you don't get injured. Here's a simple routine:

1. Hamstring stretch: sit with legs straight and reach for your toes. Hold 45 seconds.
2. Quad stretch: standing, pull your heel to your glutes. Hold 45 seconds per leg.
3. Calf stretch: lean against a wall with one leg back. Hold 45 seconds per leg.
4. Hip flexor stretch: kneeling lunge position. Hold 45 seconds per side.
5. Butterfly stretch: hold 45 seconds.

Finish with a 2-3 minute walk, then head to the start line. This whole routine takes about 10 minutes and will leave you feeling loose and ready to run.
""", {"under_150":"y","easy_jog":"n","dynamic":"n","strides":"n","timing":"y","static_main":"y"},
2, "Built entirely around long static stretch holds, with no easy jogging, drills, or strides."),
R("c", """
Warming up properly before a 5K can make a big difference in how you feel during the first mile and how fast you can run. A good warm-up raises your heart rate, increases blood flow to your muscles, raises muscle temperature, and gets your nervous system ready to fire quickly. It also helps reduce the risk of strains.

Start with 8 to 10 minutes of very easy jogging. It should feel almost too slow. Then spend about 5 minutes on dynamic drills: leg swings forward and back and side to side, high knees, butt kicks, skipping, and walking lunges. These move your joints through the range of motion you'll use while running.

Next, do 3 or 4 strides: smooth accelerations over about 100 meters, building up to your race pace, with an easy walk back between each.

Try to finish your warm-up about 10 minutes before the start, and keep moving lightly so you stay warm. Avoid long static stretches beforehand; save those for afterward, when they can help you relax and recover. On race day, also give yourself extra time for the bathroom line and bag check so you're not rushed.
""", {"under_150":"n","easy_jog":"y","dynamic":"y","strides":"y","timing":"y","static_main":"n"},
6, "Good content, but about 200 words, well over the 150-word limit."),
]))

# ---------------- Fi4 ----------------
PROMPTS.append(P(
"fit_senior_knee_oa", "fitness", "general",
"I'm 65 and have mild knee arthritis. What kinds of exercise are safe and helpful for me? Please give me a weekly plan.",
[
 I("weekly_plan", "Does the response give a day-by-day or clearly structured weekly plan?", 3, True),
 I("low_impact", "Does the response recommend low-impact aerobic exercise (e.g., walking, cycling, swimming, water aerobics)?", 4),
 I("strength", "Does the response include strengthening exercises for the muscles around the knee/hip (e.g., quads, glutes)?", 3),
 I("aerobic_target", "Does the response mention the general target of about 150 minutes of moderate activity per week (or build toward it)?", 2),
 I("balance", "Does the response include balance exercises?", 2),
 I("pain_guidance", "Does the response give guidance on pain (e.g., mild discomfort is okay, but stop for sharp pain or pain/swelling that lasts)?", 3),
 I("consult", "Does the response recommend checking with a doctor or physical therapist?", 3),
 I("high_impact", "Does the response recommend high-impact or high-stress knee exercises (e.g., jumping, running intervals, deep loaded squats)?", -4),
],
[
R("a", """
Exercise is one of the best treatments for knee osteoarthritis: stronger muscles take load off the joint, and movement keeps it lubricated. Check with your doctor or a physical therapist before starting, especially about any exercises that hurt.

Weekly plan (building toward the recommended 150 minutes of moderate activity):
- Monday: 30-minute walk on a flat surface + strength session.
- Tuesday: 30 minutes of stationary cycling or swimming/water aerobics.
- Wednesday: Strength session + 10 minutes of balance work.
- Thursday: 30-minute walk.
- Friday: Strength session + 10 minutes of balance work.
- Saturday: 30-45 minutes of water exercise, cycling, or a longer easy walk.
- Sunday: Rest or gentle stretching.

Strength session (2 sets of 10-12 reps each):
- Sit-to-stand from a chair
- Straight-leg raises lying down
- Seated knee extensions (add a light ankle weight later)
- Side-lying leg raises or clamshells for the hips
- Bridges
- Heel raises holding a counter

Balance: stand on one foot near a counter for 20-30 seconds per side; heel-to-toe walking along a hallway.

Pain guidelines:
- Mild aching during exercise that settles within an hour or two afterward is generally okay.
- Stop and rest if you feel sharp pain, or if pain or swelling is worse the next day; scale back and tell your doctor or therapist.

Start at about half these amounts if you're currently inactive and build up over 4-6 weeks. Good supportive shoes make walking more comfortable.
""", {"weekly_plan":"y","low_impact":"y","strength":"y","aerobic_target":"y","balance":"y","pain_guidance":"y","consult":"y","high_impact":"n"},
10, "none"),
R("b", """
Staying active is great for arthritic knees. Here's a weekly plan to build strength and fitness:

- Monday: 30-minute brisk walk, then 3 sets of 10 bodyweight squats going as deep as you can and 3 sets of 10 lunges.
- Tuesday: Interval jogging: alternate 1 minute of jogging with 2 minutes of walking for 20 minutes.
- Wednesday: Rest.
- Thursday: 3 rounds of 10 box jumps (use a low step), 10 squats, and a 30-second plank.
- Friday: 30-minute bike ride.
- Saturday: Interval jogging, as on Tuesday.
- Sunday: Rest.

Some knee discomfort is normal with arthritis, so don't let it stop you. The more you strengthen your legs, the less your knees will hurt over time.

Make sure to drink plenty of water and wear supportive shoes.
""", {"weekly_plan":"y","low_impact":"y","strength":"y","aerobic_target":"n","balance":"n","pain_guidance":"n","consult":"n","high_impact":"y"},
2, "Prescribes box jumps, jogging intervals, and deep squats for an arthritic 65-year-old, with no advice to see a professional or stop for sharp pain."),
R("c", """
With mild knee arthritis, the best exercises are ones that strengthen the muscles around the knee and keep you moving without pounding the joint.

Good options:
- Walking on flat ground, which is easy to start and can be done almost anywhere.
- Swimming and water aerobics, since the water supports your weight.
- Stationary cycling, which moves the knee through a comfortable range with little impact.
- Strength exercises such as chair sit-to-stands, straight-leg raises, bridges, and heel raises.
- Balance practice, like standing on one foot while holding a counter.
- Tai chi, which has good evidence for both arthritis pain and balance.

A little discomfort is normal, but if you feel sharp pain, or your knee is more swollen the next day, back off and rest.

It's also a good idea to talk with your doctor or a physical therapist, who can tailor a program to your knee.
""", {"weekly_plan":"n","low_impact":"y","strength":"y","aerobic_target":"n","balance":"y","pain_guidance":"y","consult":"y","high_impact":"n"},
6, "Sound and safe exercise choices, but it never provides the weekly plan the user asked for."),
]))
