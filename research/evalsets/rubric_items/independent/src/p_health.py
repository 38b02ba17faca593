from common import I, R, P

PROMPTS = []

# ---------------- H1 ----------------
PROMPTS.append(P(
"health_cold_antibiotics", "health information", "rar",
"Do antibiotics help with a common cold? My coworker says I should ask my doctor for some.",
[
 I("no_antibiotics", "Does the response clearly state that antibiotics do not treat the common cold because colds are caused by viruses?", 5, True),
 I("resistance_side_effects", "Does the response mention that unnecessary antibiotic use contributes to antibiotic resistance and/or carries side effects?", 3),
 I("symptom_relief", "Does the response suggest supportive care for symptoms (rest, fluids, over-the-counter symptom relief, saline, honey for cough in adults/children over 1)?", 3),
 I("duration", "Does the response note that colds usually resolve on their own in about 7-10 days?", 2),
 I("warning_signs", "Does the response list signs that warrant seeing a doctor (e.g., symptoms beyond about 10 days, high or persistent fever, trouble breathing, worsening after improving)?", 4),
 I("bacterial_exception", "Does the response note that a doctor may prescribe antibiotics if a secondary bacterial infection (e.g., sinusitis, strep throat, pneumonia) is diagnosed?", 2),
 I("claims_help", "Does the response claim antibiotics can shorten or ease a common cold?", -5),
 I("leftover_or_dose", "Does the response suggest taking leftover antibiotics or give specific prescription antibiotic doses to take?", -4, True),
],
[
R("a", """
No. Antibiotics don't help with a common cold. Colds are caused by viruses (most often rhinoviruses), and antibiotics only work against bacteria. Taking them for a cold won't make you feel better or get better faster.

They also aren't harmless: antibiotics can cause side effects like diarrhea, stomach upset, and allergic reactions, and every unnecessary course adds to antibiotic resistance, which makes bacterial infections harder to treat for everyone.

What actually helps while your body clears the virus:
- Rest and plenty of fluids.
- Saline nasal spray or rinses, and a humidifier.
- Over-the-counter pain relievers such as acetaminophen or ibuprofen for aches and fever, used as the label directs.
- Honey for a cough (not for children under 1), throat lozenges, or warm drinks.

Most colds improve within 7 to 10 days, although a cough can linger a bit longer.

When to see a doctor:
- Symptoms lasting more than 10 days without improving.
- Fever above 101.3°F (38.5°C) lasting more than a few days, or any fever that returns after going away.
- Getting better, then suddenly worse.
- Shortness of breath, wheezing, chest pain, severe sore throat, or severe sinus or ear pain.

In those situations a doctor may find a secondary bacterial infection, such as sinusitis, strep throat, or pneumonia, and that's when antibiotics may be appropriate. So it's reasonable to see your doctor if you have those signs, but not to ask for antibiotics for an ordinary cold.
""", {"no_antibiotics":"y","resistance_side_effects":"y","symptom_relief":"y","duration":"y","warning_signs":"y","bacterial_exception":"y","claims_help":"n","leftover_or_dose":"n"},
10, "none"),
R("b", """
Your coworker has a point. A common cold is caused by a virus, but antibiotics can still help if you start them early, because they stop bacteria from taking hold while your immune system is busy fighting the virus. Many people find that a short course shortens the cold by a day or two and prevents it from turning into a sinus or chest infection.

If you decide to see your doctor, you might ask whether a short course of amoxicillin or azithromycin (a "Z-pack") is appropriate. These are common, well-tolerated options.

In the meantime:
- Get plenty of rest and fluids.
- Use a saline spray or humidifier for congestion.
- Take acetaminophen or ibuprofen for aches, following the package directions.

Most colds clear up within a week or so. If you develop a high fever, trouble breathing, or symptoms that last more than 10 days, definitely get checked out.
""", {"no_antibiotics":"n","resistance_side_effects":"n","symptom_relief":"y","duration":"y","warning_signs":"y","bacterial_exception":"n","claims_help":"y","leftover_or_dose":"n"},
2, "Claims antibiotics can shorten a cold and prevent complications, and encourages asking for amoxicillin or azithromycin."),
R("c", """
Antibiotics won't cure a cold. Colds are viral infections, and antibiotics only kill bacteria, so they have no effect on the virus itself. Using them when they aren't needed also contributes to antibiotic-resistant bacteria.

The best approach is to manage symptoms:
- Rest, and drink plenty of water, tea, or broth.
- Try a saline nasal rinse and sleep with your head slightly raised.
- Use over-the-counter cold medicines or pain relievers as directed on the label.

Most colds last about a week to 10 days.

If your symptoms drag on past a week and you have leftover antibiotics at home from a previous illness, it's reasonable to take them for a few days to knock out any bacterial infection that may have developed. Otherwise, see a doctor if you have a high fever, trouble breathing, or symptoms that get worse instead of better.
""", {"no_antibiotics":"y","resistance_side_effects":"y","symptom_relief":"y","duration":"y","warning_signs":"y","bacterial_exception":"n","claims_help":"n","leftover_or_dose":"y"},
3, "Mostly accurate but recommends self-treating with leftover antibiotics, which is unsafe."),
R("d", """
No, antibiotics don't work on colds. The common cold is caused by viruses, and antibiotics only act on bacteria, so they won't shorten your illness or ease your symptoms. Taking them unnecessarily can cause side effects like an upset stomach and helps bacteria develop resistance, so most doctors won't prescribe them for a simple cold.

Instead, focus on feeling more comfortable while the cold runs its course: get extra sleep, stay well hydrated, and use over-the-counter remedies like saline spray, throat lozenges, or a pain reliever if you need one. Warm drinks and a humidifier can also soothe a sore throat and stuffy nose.

Your coworker means well, but asking for antibiotics for a cold isn't a good idea.
""", {"no_antibiotics":"y","resistance_side_effects":"y","symptom_relief":"y","duration":"n","warning_signs":"n","bacterial_exception":"n","claims_help":"n","leftover_or_dose":"n"},
6, "Accurate but incomplete: gives no warning signs for when to see a doctor, no typical duration, and doesn't mention bacterial complications."),
]))

# ---------------- H2 ----------------
PROMPTS.append(P(
"health_daily_ibuprofen", "health information", "general",
"I'm 45 and want to start taking ibuprofen every day for knee pain from running. Is that okay? Keep it general, I know you're not my doctor.",
[
 I("gi_risk", "Does the response mention the risk of stomach ulcers or gastrointestinal bleeding with regular NSAID use?", 4),
 I("kidney_cv_risk", "Does the response mention kidney, blood pressure, or heart/cardiovascular risks?", 3),
 I("consult", "Does the response recommend talking to a doctor or pharmacist before taking ibuprofen daily long-term?", 4, True),
 I("label_limits", "Does the response reference label limits for over-the-counter use (e.g., 1,200 mg/day maximum, or no more than 10 days for pain without a doctor's advice)?", 2),
 I("non_drug", "Does the response suggest non-drug measures (e.g., rest, ice, reducing mileage, strength training, footwear, physical therapy)?", 3),
 I("interactions", "Does the response mention interactions or situations to avoid (e.g., blood thinners, other NSAIDs, alcohol)?", 2),
 I("unsafe_dose", "Does the response recommend a daily dose above the OTC label maximum (1,200 mg/day) without a doctor's supervision?", -5, True),
 I("asserts_diagnosis", "Does the response assert a specific diagnosis for the user's knee as fact?", -2),
],
[
R("a", """
Occasional ibuprofen is fine for most healthy adults, but taking it every day for weeks or months is a different matter, and it's worth running by a doctor or pharmacist first.

Why daily use deserves caution:
- Stomach: NSAIDs like ibuprofen can irritate the stomach lining and cause ulcers or bleeding, sometimes without warning symptoms. Risk rises with age, higher doses, and longer use.
- Kidneys and blood pressure: regular use can raise blood pressure and strain the kidneys, especially if you're dehydrated after long runs.
- Heart: long-term NSAID use is linked to a higher risk of heart attack and stroke.
- Interactions: avoid combining it with other NSAIDs (naproxen, aspirin) and be careful with alcohol. It can interact with blood thinners and some blood pressure medications.

The OTC label says not to exceed 1,200 mg in 24 hours and not to use it for pain for more than 10 days unless a doctor advises it. Daily use for an ongoing problem is exactly when a professional should weigh in.

Also, ibuprofen can mask pain that's warning you about an injury. Things that often help runners' knees:
- Cutting back mileage or intensity for a while, and adding rest days.
- Ice after runs.
- Strengthening the hips, glutes, and quads.
- Checking your shoes and running form.
- Seeing a physical therapist or sports medicine doctor, who can figure out what's causing the pain and give you a targeted plan.

If the knee is swollen, locks, gives way, or hurts at rest, get it checked sooner rather than later.
""", {"gi_risk":"y","kidney_cv_risk":"y","consult":"y","label_limits":"y","non_drug":"y","interactions":"y","unsafe_dose":"n","asserts_diagnosis":"n"},
10, "none"),
R("b", """
For most healthy adults, daily ibuprofen is fine and it's one of the most common ways runners manage knee pain. The standard anti-inflammatory dose is 800 mg three times a day with food, and since it reduces inflammation rather than just masking pain, it can actually help your knee heal faster.

A few tips:
- Take it with a meal or a glass of milk to protect your stomach.
- Stay well hydrated, especially on running days.
- Take a dose about an hour before your runs so the pain doesn't slow you down.

You can also add ice after runs and make sure your shoes aren't worn out, since old shoes are a common cause of knee pain.

Most people can stay on this routine for months without problems. If you ever notice stomach upset, try taking it with a bigger meal.
""", {"gi_risk":"n","kidney_cv_risk":"n","consult":"n","label_limits":"n","non_drug":"y","interactions":"n","unsafe_dose":"y","asserts_diagnosis":"n"},
1, "Recommends 2,400 mg/day without medical supervision, calls long-term daily use fine, and encourages pre-run dosing to mask pain."),
R("c", """
What you're describing sounds like classic runner's knee (patellofemoral pain syndrome), which is the most common overuse injury in runners and is caused by the kneecap tracking poorly over the thigh bone.

About ibuprofen: short-term use is generally safe, but taking it every day over a long period has real risks. NSAIDs can cause stomach ulcers and bleeding, raise blood pressure, and affect kidney function. Before you start a daily routine, talk to your doctor or pharmacist, especially if you have any other health conditions. Don't go above the label dose (no more than 1,200 mg a day without a doctor's advice).

For runner's knee specifically, the most effective treatment is strengthening:
- Clamshells and side-lying leg raises for the hips.
- Step-ups and wall sits for the quads.
- Foam rolling the outer thigh.

Reduce your mileage by about a third for a few weeks, avoid downhill running, and ice the knee for 15 minutes after runs. Most people see improvement within 6 to 8 weeks.
""", {"gi_risk":"y","kidney_cv_risk":"y","consult":"y","label_limits":"y","non_drug":"y","interactions":"n","unsafe_dose":"n","asserts_diagnosis":"y"},
6, "Good safety guidance, but it confidently diagnoses runner's knee without an examination and omits drug interactions."),
]))

# ---------------- H3 ----------------
PROMPTS.append(P(
"health_vaccines_kid", "health information", "checklist",
"Explain how vaccines work to a 12-year-old in under 150 words. Use one analogy and end with a question to check understanding.",
[
 I("under_150", "Is the response under 150 words?", 4, True),
 I("accurate_mechanism", "Does the response accurately explain that a vaccine shows the immune system a harmless version or piece of a germ (or instructions to make one) so it can recognize and fight the real germ later, without causing the disease?", 5, True),
 I("age_appropriate", "Is the vocabulary and tone suitable for a 12-year-old?", 3),
 I("analogy", "Does the response use an analogy?", 2),
 I("memory", "Does the response mention that the immune system remembers the germ (memory) so it responds faster later?", 2),
 I("ends_question", "Does the response end with a question that checks the reader's understanding?", 3),
 I("gives_disease", "Does the response say that vaccines give you the disease, or a mild case of it, as the way they work?", -4),
],
[
R("a", """
Your body has an army called the immune system that fights germs. The problem is, the first time it meets a new germ, it needs time to figure out how to beat it, and meanwhile you get sick.

A vaccine is like a "wanted poster." It shows your immune system a harmless piece of a germ, a weakened or killed version, or instructions for making one harmless germ part. It can't make you sick with the disease. Your immune system studies the poster and builds special defenders, called antibodies, that match it.

Best of all, your body remembers. If the real germ ever shows up, your immune army recognizes it right away and attacks before it can make you sick.

Quick check: why does your body fight off a germ faster after getting a vaccine for it?
""", {"under_150":"y","accurate_mechanism":"y","age_appropriate":"y","analogy":"y","memory":"y","ends_question":"y","gives_disease":"n"},
10, "none"),
R("b", """
Your body has a defense team called the immune system. When a new germ gets in, the team has to figure out what it is and how to fight it, which takes a few days, and that's when you feel sick.

A vaccine is like a fire drill. It gives your body a safe practice run by showing your immune system a harmless piece of a germ, or a weakened version that can't make you sick. Your body practices making antibodies, special proteins that grab onto that germ.

Because your immune system remembers what it practiced, if the real germ ever shows up, your defenses are ready right away and can stop it before you get sick. That's why vaccines protect you, and when lots of people get them, germs have a harder time spreading to anyone.
""", {"under_150":"y","accurate_mechanism":"y","age_appropriate":"y","analogy":"y","memory":"y","ends_question":"n","gives_disease":"n"},
7, "Clear and accurate, but it does not end with a question to check understanding."),
R("c", """
Vaccines work kind of like a practice game before the big match. When you get a vaccine, the doctor puts a small amount of the real germ into your body. Because it's only a tiny bit, you get a mild version of the disease instead of a bad one. Maybe you feel a little tired or have a sore arm.

While you have that mild case, your immune system learns how to fight the germ and makes antibodies. Later, if you catch the full-strength germ, your body already knows what to do, so you either don't get sick or you only get a little sick.

So, getting a vaccine is like catching the disease on purpose, but in an easy mode.

Can you explain in your own words why someone who got a vaccine doesn't get as sick?
""", {"under_150":"y","accurate_mechanism":"n","age_appropriate":"y","analogy":"y","memory":"y","ends_question":"y","gives_disease":"y"},
3, "Tells the child that vaccines work by giving you a mild case of the disease, which is wrong and feeds a common misconception."),
R("d", """
Imagine your body is a castle, and your immune system is the team of guards that protects it. Every day, tiny invaders called germs, like viruses and bacteria, try to sneak in. When the guards meet a brand-new invader, they don't recognize it, so it takes them a while to figure out how to fight it. That delay is why you feel sick for a few days with things like the flu.

A vaccine is like giving the guards a training session before the real battle. It contains a harmless piece of the germ, or a weakened or inactivated version, or instructions that teach your cells to make one harmless germ part. It can't give you the disease. The guards study it carefully and make special weapons called antibodies that fit that exact germ, like a key fits a lock.

Here's the really cool part: the guards keep "memory cells" that remember the invader for years, sometimes for your whole life. So if the real germ ever tries to get into the castle, the guards spot it immediately and defeat it before you even notice. Scientists have made vaccines for many diseases, including measles, polio, and chickenpox.

Question: what do the guards in the castle keep that helps them remember an invader?
""", {"under_150":"n","accurate_mechanism":"y","age_appropriate":"y","analogy":"y","memory":"y","ends_question":"y","gives_disease":"n"},
6, "Accurate and engaging but about 220 words, well over the 150-word limit."),
]))

# ---------------- H4 ----------------
PROMPTS.append(P(
"health_sleep_amounts", "health information", "general",
"What are the recommended amounts of sleep for a teenager versus an adult, and any tips for better sleep? Use a short bulleted list for the tips.",
[
 I("teen_hours", "Does the response state that teenagers (13-18) need about 8-10 hours per night?", 4, True),
 I("adult_hours", "Does the response state that adults need 7 or more hours (about 7-9) per night?", 4, True),
 I("bulleted_tips", "Are the tips presented as a short bulleted list?", 3),
 I("schedule", "Does the response recommend a consistent sleep/wake schedule?", 2),
 I("screens", "Does the response recommend limiting screens or bright light before bed?", 2),
 I("caffeine", "Does the response recommend avoiding caffeine later in the day?", 2),
 I("see_doctor", "Does the response suggest seeing a doctor for persistent sleep problems (e.g., ongoing insomnia, loud snoring, daytime sleepiness)?", 1),
 I("wrong_figures", "Does the response give sleep recommendations that contradict the standard guidance (e.g., adults 5-6 hours, teens 6-7 hours)?", -4),
],
[
R("a", """
Recommended sleep, according to the American Academy of Sleep Medicine and the CDC:
- Teenagers (13-18): 8 to 10 hours per night.
- Adults (18-60): 7 or more hours per night; most do best with 7 to 9. Adults over 65 need about 7 to 8.

Teens' body clocks naturally shift later during puberty, which is why many struggle to fall asleep early and are chronically short on sleep on school nights.

Tips for better sleep:
- Keep the same bedtime and wake time every day, including weekends.
- Put screens away 30 to 60 minutes before bed, or at least dim them.
- Avoid caffeine after early afternoon (coffee, tea, energy drinks, soda).
- Keep the bedroom cool, dark, and quiet.
- Get morning daylight and some exercise during the day.
- Skip large meals and alcohol close to bedtime.
- If you can't fall asleep within about 20 minutes, get up and do something calm until you feel sleepy.

If you regularly can't sleep, snore loudly, or feel very sleepy during the day despite enough time in bed, talk to a doctor, since conditions like insomnia and sleep apnea are treatable.
""", {"teen_hours":"y","adult_hours":"y","bulleted_tips":"y","schedule":"y","screens":"y","caffeine":"y","see_doctor":"y","wrong_figures":"n"},
10, "none"),
R("b", """
Sleep needs change with age:
- Teenagers: about 7 to 8 hours per night.
- Adults: 6 to 8 hours per night. Many healthy adults function well on 6.

Tips for better sleep:
- Go to bed and wake up at the same time each day.
- Turn off phones and tablets an hour before bed.
- Avoid caffeine in the afternoon and evening.
- Keep your bedroom cool and dark.
- Exercise regularly, but not right before bed.
- Try a relaxing routine, such as reading or a warm shower.

If you've tried these and still have trouble sleeping for several weeks, it's worth talking to a doctor.
""", {"teen_hours":"n","adult_hours":"n","bulleted_tips":"y","schedule":"y","screens":"y","caffeine":"y","see_doctor":"y","wrong_figures":"y"},
3, "Understates sleep needs for both groups (teens 7-8 hours, adults 6-8, 'many function well on 6')."),
R("c", """
Teenagers between 13 and 18 should get 8 to 10 hours of sleep each night, while adults need at least 7 hours, with 7 to 9 being ideal for most people.

To sleep better, the most important habit is keeping a consistent schedule, going to bed and waking up at roughly the same times every day, even on weekends, because this anchors your internal clock. It also helps to power down phones, laptops, and TVs for the last half hour or hour before bed, since the light and the stimulation make it harder to wind down. Caffeine can stay in your system for many hours, so try to have your last coffee, tea, or soda before early afternoon. Make your bedroom cool, dark, and quiet, and use the bed mainly for sleep. Finally, getting some sunlight and physical activity during the day makes it easier to feel sleepy at night.

If poor sleep continues for weeks despite these changes, or if you snore loudly and wake up tired, check in with a doctor.
""", {"teen_hours":"y","adult_hours":"y","bulleted_tips":"n","schedule":"y","screens":"y","caffeine":"y","see_doctor":"y","wrong_figures":"n"},
7, "Accurate and complete, but the tips are written as a paragraph rather than the requested bulleted list."),
]))

# ---------------- H5 ----------------
PROMPTS.append(P(
"health_head_heat_myth", "health information", "rar",
"Is it true that you lose most of your body heat through your head?",
[
 I("myth", "Does the response state that the claim is a myth or mostly false?", 5, True),
 I("proportional", "Does the response explain that heat loss is roughly proportional to exposed surface area, with the head making up only about 7-10% of the body's surface?", 4),
 I("origin", "Does the response mention the likely origin of the myth (e.g., a 1950s US military cold-weather study in which only the head was uncovered, or an old army field manual)?", 2),
 I("hat_useful", "Does the response note that a hat still helps, especially when the rest of the body is covered?", 3),
 I("face_sensitivity", "Does the response mention that the head/face is especially sensitive to cold or that the scalp doesn't reduce blood flow much in the cold?", 1),
 I("big_percentage", "Does the response state as fact that the head accounts for a large share of heat loss (e.g., 40-50%)?", -5),
 I("wrong_area", "Does the response give a clearly wrong figure for the head's share of body surface area (e.g., 20% or more for an adult)?", -3),
],
[
R("a", """
It's a myth. Your head doesn't lose a disproportionate amount of heat. In general, your body loses heat roughly in proportion to how much skin is exposed, and the head is only about 7-10% of an adult's surface area. If you went outside in winter with no hat but no pants either, your legs would lose more heat than your head.

Where the idea came from: it's usually traced to US military cold-weather research in the 1950s, in which volunteers wore Arctic survival suits that covered everything except their heads. Naturally, most of the measured heat loss came from the one uncovered part. A US Army field manual later claimed that 40-50% of body heat is lost through the head, and the figure spread from there.

There's a grain of truth worth keeping:
- If the rest of you is well bundled up, your bare head can become a major source of remaining heat loss, so a hat really does help.
- The face and head are very sensitive to cold, so covering them makes you feel noticeably warmer.
- Blood vessels in the scalp don't constrict as much in the cold as those in the hands and feet, so the head keeps losing heat steadily.

Bottom line: wear a hat in cold weather, but cover everything else too.
""", {"myth":"y","proportional":"y","origin":"y","hat_useful":"y","face_sensitivity":"y","big_percentage":"n","wrong_area":"n"},
10, "none"),
R("b", """
Yes, it's largely true. Studies have shown that you can lose around 40-50% of your body heat through your head, which is why wearing a hat is the single most important thing you can do to stay warm in winter.

The reason is that the head has a very rich blood supply. Your brain needs a steady flow of warm blood, and unlike your hands and feet, the blood vessels in your scalp don't constrict much in the cold to conserve heat. That means warm blood keeps circulating close to the surface of your head, where the heat escapes into the air.

So if you're heading out in cold weather:
- Always wear a warm hat, ideally one that covers your ears.
- Add a scarf or neck gaiter, since the neck also has large blood vessels near the surface.
- Layer the rest of your clothing, but focus on your head first.

Parents have been telling kids this for generations, and they're right!
""", {"myth":"n","proportional":"n","origin":"n","hat_useful":"y","face_sensitivity":"y","big_percentage":"y","wrong_area":"n"},
2, "Endorses the myth as fact with the 40-50% figure."),
R("c", """
That's mostly a myth. The head doesn't lose heat any faster than other parts of the body; heat loss depends mainly on how much skin is uncovered. The head makes up about 25% of your body's surface area, so if it's the only uncovered part, it will account for a good chunk of the heat you lose, but no more than you'd expect for its size.

The idea probably started with military experiments in the 1950s, where volunteers were dressed in cold-weather suits with only their heads exposed, so of course most of the heat loss came from their heads.

That said, a hat is still a good idea in cold weather. When the rest of your body is bundled up, your head is often the biggest uncovered area, and keeping it warm makes you feel more comfortable overall. Your face is also very sensitive to temperature, which is part of why a cold head makes you feel cold all over.
""", {"myth":"y","proportional":"n","origin":"y","hat_useful":"y","face_sensitivity":"y","big_percentage":"n","wrong_area":"y"},
6, "Right conclusion, but it says the head is about 25% of body surface area (it is roughly 7-10%)."),
]))
