from common import I, R, P

PROMPTS = []

# ---------------- C1 ----------------
PROMPTS.append(P(
"cook_gf_df_dinner", "cooking", "general",
"I need a gluten-free dinner for 4 people that takes under 45 minutes total. One guest is also dairy-free. Give me one recipe with ingredients and steps.",
[
 I("gluten_free", "Are all ingredients in the recipe gluten-free as written (any normally wheat-containing item such as soy sauce is specified as a gluten-free version)?", 5, True),
 I("dairy_free", "Is the recipe free of dairy ingredients (butter, milk, cream, cheese, yogurt)?", 5, True),
 I("serves_four", "Does the recipe state that it serves 4, or give quantities clearly sized for 4 people?", 2),
 I("time_under_45", "Does the stated total time (or the sum of the stated prep and cook times) come to 45 minutes or less?", 3),
 I("ingredient_quantities", "Does the response include an ingredient list with quantities?", 3),
 I("steps", "Does the response give ordered, step-by-step cooking instructions?", 2),
 I("gluten_source", "Does the recipe call for regular soy sauce, flour, oyster sauce, or another common gluten source without specifying a gluten-free version?", -4),
 I("label_check", "Does the response advise checking labels for hidden gluten (e.g., in broth, sauces, or seasoning blends)?", 1),
 I("chicken_doneness", "Does the response give a safe doneness cue for the chicken (165°F/74°C internal temperature, or cooked through with no pink)?", 2, applies_if="the recipe includes chicken"),
],
[
R("a", """
Lemon-Garlic Chicken Sheet-Pan Dinner
Serves 4. Total time: about 40 minutes (10 minutes prep, 30 minutes in the oven).

Ingredients:
- 4 boneless, skinless chicken breasts (about 1.5 lb / 680 g)
- 1.5 lb (680 g) baby potatoes, halved
- 12 oz (340 g) green beans, trimmed
- 4 tbsp olive oil, divided
- 4 garlic cloves, minced
- Zest and juice of 1 lemon
- 1 tsp dried oregano
- 1 tsp salt and 1/2 tsp black pepper
- A handful of chopped parsley

Steps:
1. Heat the oven to 425°F (220°C). Toss the potatoes with 2 tbsp of the oil and half the salt, spread them on a large sheet pan, and roast for 10 minutes.
2. While they roast, stir together the remaining oil, garlic, lemon zest and juice, oregano, the rest of the salt, and the pepper. Coat the chicken in this mixture.
3. Push the potatoes to the edges of the pan, lay the chicken in the middle, and scatter the green beans around it.
4. Roast for 18-20 minutes, until the chicken reads 165°F (74°C) in the thickest part and the potatoes are golden.
5. Let the chicken rest for 2-3 minutes, slice, and sprinkle everything with parsley.

Notes: Every ingredient here is naturally gluten-free and dairy-free. If you use a pre-mixed seasoning blend instead of plain oregano, check the label: some blends contain wheat-based fillers or milk powder.
""", {"gluten_free":"y","dairy_free":"y","serves_four":"y","time_under_45":"y","ingredient_quantities":"y","steps":"y","gluten_source":"n","label_check":"y","chicken_doneness":"y"},
9, "none"),
R("b", """
Quick Chicken and Vegetable Stir-Fry
Serves 4. Ready in about 30 minutes.

Ingredients:
- 1.5 lb (680 g) boneless chicken thighs, thinly sliced
- 1 red bell pepper, 1 small head of broccoli, and 1 carrot, sliced
- 3 tbsp soy sauce
- 1 tbsp oyster sauce
- 1 tbsp rice vinegar
- 1 tbsp cornstarch
- 2 tbsp vegetable oil
- 3 garlic cloves and 1 tbsp fresh ginger, minced
- 2 cups jasmine rice

Steps:
1. Start the rice first and cook it according to the package directions.
2. Whisk the soy sauce, oyster sauce, rice vinegar, and cornstarch with 1/4 cup of water.
3. Heat the oil in a wok over high heat. Stir-fry the chicken for 5-6 minutes until it is cooked through with no pink left, then move it to a plate.
4. Add the vegetables and stir-fry for 4 minutes, then add the garlic and ginger for 30 seconds.
5. Return the chicken, pour in the sauce, and toss for 1-2 minutes until glossy.

Serve over the rice. There is no butter or cream anywhere in this dish, so your dairy-free guest is covered, and serving it with rice instead of noodles keeps it gluten-free.
""", {"gluten_free":"n","dairy_free":"y","serves_four":"y","time_under_45":"y","ingredient_quantities":"y","steps":"y","gluten_source":"y","label_check":"n","chicken_doneness":"y"},
3, "Uses regular soy sauce and oyster sauce (both normally contain wheat) while claiming the dish is gluten-free."),
R("c", """
Creamy Mushroom Risotto
Serves 4. About 40 minutes (10 minutes prep, 30 minutes cooking).

Ingredients:
- 1.5 cups (300 g) Arborio rice
- 5 cups gluten-free vegetable broth, kept warm
- 1 lb (450 g) cremini mushrooms, sliced
- 1 onion, finely chopped
- 2 garlic cloves, minced
- 2 tbsp olive oil
- 1/2 cup dry white wine
- 2 tbsp butter
- 1/2 cup grated Parmesan
- Salt, pepper, and thyme to taste

Steps:
1. Heat the oil in a wide pan and cook the mushrooms for 6-7 minutes until browned. Set half aside.
2. Add the onion and cook 3 minutes, then the garlic for 30 seconds.
3. Stir in the rice and toast for 1 minute. Add the wine and stir until absorbed.
4. Add the warm broth a ladle at a time, stirring often and waiting until each addition is mostly absorbed, for about 18-20 minutes, until the rice is creamy but still slightly firm.
5. Take the pan off the heat and stir in the butter, Parmesan, and reserved mushrooms. Season with salt, pepper, and thyme.

Arborio rice is naturally gluten-free, but check that your broth is labeled gluten-free, since some bouillon products contain wheat.
""", {"gluten_free":"y","dairy_free":"n","serves_four":"y","time_under_45":"y","ingredient_quantities":"y","steps":"y","gluten_source":"n","label_check":"y","chicken_doneness":"na"},
3, "Finishes the dish with butter and Parmesan despite a dairy-free guest."),
R("d", """
Honey-Mustard Salmon with Sweet Potatoes and Broccoli
Serves 4.

Ingredients: salmon fillets, sweet potatoes, broccoli, olive oil, Dijon mustard, honey, garlic, salt, and pepper.

Time: about 15 minutes of prep, then 25 minutes of roasting for the sweet potatoes and another 15 minutes once the salmon goes in, so plan on roughly 55 minutes from start to finish.

Steps:
1. Heat the oven to 400°F (200°C). Peel and cube the sweet potatoes, toss them with olive oil, salt, and pepper, and roast for 25 minutes.
2. Meanwhile, whisk the Dijon mustard, honey, minced garlic, and a pinch of salt.
3. Cut the broccoli into florets and toss with a little oil.
4. Move the sweet potatoes to one side of the pan. Add the salmon fillets skin-side down, brush them generously with the honey-mustard glaze, and put the broccoli around them.
5. Roast another 12-15 minutes, until the salmon flakes easily with a fork and the broccoli edges are crisp.

This meal has no gluten or dairy ingredients, and the glaze gives the salmon a nice caramelized top. Leftover salmon is good cold on a salad the next day.
""", {"gluten_free":"y","dairy_free":"y","serves_four":"y","time_under_45":"n","ingredient_quantities":"n","steps":"y","gluten_source":"n","label_check":"n","chicken_doneness":"na"},
5, "Total time is about 55 minutes, over the 45-minute limit, and the ingredient list has no quantities."),
]))

# ---------------- C2 ----------------
PROMPTS.append(P(
"cook_soda_vs_powder", "cooking", "rar",
"What's the difference between baking soda and baking powder, and can I substitute one for the other in a cookie recipe?",
[
 I("soda_is_base", "Does the response explain that baking soda is sodium bicarbonate, a base that needs an acid in the recipe to produce carbon dioxide?", 4),
 I("powder_has_acid", "Does the response explain that baking powder contains baking soda plus a powdered acid (and usually a starch)?", 4),
 I("strength_ratio", "Does the response correctly state that baking soda is roughly 3-4 times stronger than baking powder?", 3),
 I("powder_for_soda", "Does the response give a workable way to replace baking soda with baking powder (about 3 times as much powder, possibly with a note on taste/texture)?", 3),
 I("soda_for_powder", "Does the response explain that replacing baking powder with baking soda requires adding an acid (e.g., about 1/4 tsp baking soda plus 1/2 tsp cream of tartar per 1 tsp baking powder)?", 3),
 I("cookie_effects", "Does the response mention how the choice affects cookies specifically (e.g., spread, browning, or texture)?", 2),
 I("one_to_one", "Does the response say the two can be swapped 1:1?", -5, True),
 I("double_acting", "Does the response mention that most baking powder is double-acting (reacts once when wet and again when heated)?", 1),
],
[
R("a", """
Both are chemical leaveners, but they work differently.

Baking soda is pure sodium bicarbonate, a base. On its own it does very little; it needs an acid in the recipe (brown sugar, buttermilk, yogurt, lemon juice, natural cocoa, honey) to react and release carbon dioxide. It is strong: roughly 3-4 times more powerful than baking powder.

Baking powder is baking soda that already comes with a powdered acid (such as cream of tartar or sodium aluminum sulfate) plus cornstarch to keep it dry. Most supermarket baking powder is double-acting: it releases some gas when it gets wet and more when it heats up in the oven.

In cookies, baking soda also raises the dough's pH, which encourages browning and more spread, giving a chewier, darker cookie. Baking powder gives a puffier, lighter, more cake-like cookie.

Substituting:
- No baking soda? Use about 3 times as much baking powder (1/2 tsp soda becomes about 1 1/2 tsp powder). The cookies will be puffier and paler, and may taste slightly bitter or salty if you use a lot.
- No baking powder? For each 1 tsp of baking powder, use 1/4 tsp baking soda plus 1/2 tsp cream of tartar. Using baking soda alone without adding acid will give flat, soapy-tasting cookies.

Bottom line: they are not interchangeable 1:1, but you can swap with the adjustments above.
""", {"soda_is_base":"y","powder_has_acid":"y","strength_ratio":"y","powder_for_soda":"y","soda_for_powder":"y","cookie_effects":"y","one_to_one":"n","double_acting":"y"},
10, "none"),
R("b", """
Baking soda and baking powder are both leaveners that make baked goods rise by producing carbon dioxide bubbles.

Baking soda is sodium bicarbonate, a base. It needs an acidic ingredient such as brown sugar, buttermilk, or lemon juice to react.

Baking powder is a complete leavening system: it contains baking soda plus a dry acid and some cornstarch, so it only needs moisture (and, for double-acting powder, heat) to work. Because it is more concentrated, baking powder is about three times stronger than baking soda.

For cookies, baking soda tends to make them spread more and brown more deeply, while baking powder makes them rise up and stay softer and more cake-like.

Substitution guide:
- If a recipe calls for baking soda and you only have baking powder, use about one-third as much baking powder.
- If a recipe calls for baking powder and you only have baking soda, use three times as much baking soda.

Either way, expect some change in texture, so it's best to buy the right one if you bake often.
""", {"soda_is_base":"y","powder_has_acid":"y","strength_ratio":"n","powder_for_soda":"n","soda_for_powder":"n","cookie_effects":"y","one_to_one":"n","double_acting":"y"},
3, "Reverses the strength relationship (claims powder is stronger) and gives substitution amounts that are wrong in both directions, with no acid added when using soda."),
R("c", """
Good question, since they look almost identical in the pantry!

Baking soda is sodium bicarbonate. Baking powder is sodium bicarbonate mixed with an acid like cream of tartar and a bit of cornstarch. Both make your dough rise by releasing carbon dioxide gas as it bakes.

The main practical difference is that baking soda needs something acidic in the recipe to activate it, while baking powder has its own acid built in. That's why you'll often see baking soda in recipes with brown sugar, molasses, or buttermilk, and baking powder in recipes with plain milk and white sugar.

Can you substitute? In a cookie recipe, yes. Cookies are very forgiving and don't depend much on leavening, so you can use baking powder in place of baking soda (or the other way around) in the same amount, and most people won't notice a difference. Your cookies might be a little puffier with powder or a little flatter with soda, but they'll still turn out fine.

One tip: check the date on your container. Both lose strength over time, and old leavener is a common cause of flat cookies. To test baking powder, drop a spoonful into hot water; it should fizz right away.
""", {"soda_is_base":"y","powder_has_acid":"y","strength_ratio":"n","powder_for_soda":"n","soda_for_powder":"n","cookie_effects":"y","one_to_one":"y","double_acting":"n"},
2, "Tells the user to swap them in equal amounts, which ignores the 3-4x strength difference and the need for acid."),
R("d", """
Baking soda is sodium bicarbonate, an alkaline powder. When it meets an acid in the dough (brown sugar, yogurt, buttermilk, natural cocoa powder, lemon juice), it releases carbon dioxide, which puffs the dough. It is potent: about three to four times stronger than baking powder.

Baking powder is baking soda pre-mixed with a powdered acid and cornstarch. Most brands are double-acting, meaning they fizz a bit when mixed with liquid and again in the heat of the oven, which makes them more forgiving if the dough sits for a while.

How this shows up in cookies: baking soda helps cookies spread and brown, producing crisp edges and chewy centers. Baking powder makes them thicker and softer.

Substituting baking powder for baking soda works: use roughly three times as much baking powder as the amount of baking soda called for. Your cookies will be a bit puffier and lighter in color, and if the recipe already has a lot of acid you may notice a slightly tangy taste.

Going the other way is trickier, and I'd generally avoid it unless you're experienced, because you'd need to rebalance the recipe.
""", {"soda_is_base":"y","powder_has_acid":"y","strength_ratio":"y","powder_for_soda":"y","soda_for_powder":"n","cookie_effects":"y","one_to_one":"n","double_acting":"y"},
7, "Accurate, but does not explain how to substitute baking soda for baking powder (adding an acid such as cream of tartar)."),
]))

# ---------------- C3 ----------------
PROMPTS.append(P(
"cook_veg_mealprep_list", "cooking", "checklist",
"Give me a weekly meal-prep plan for lunches (Monday to Friday) for a vegetarian, as a bulleted list with exactly 5 bullets, one per day. Keep it under 120 words and don't use the word 'quinoa'.",
[
 I("five_bullets", "Does the plan consist of exactly 5 bullet points?", 4, True),
 I("one_per_day", "Is each bullet labeled with one weekday, Monday through Friday, with no day repeated or missing?", 3),
 I("under_120", "Is the whole response under 120 words?", 4),
 I("no_quinoa", "Does the response avoid the word 'quinoa' entirely?", 3),
 I("vegetarian", "Are all lunches vegetarian (no meat, poultry, fish, or seafood)?", 5, True),
 I("protein", "Does each day's lunch include a recognizable protein source (e.g., beans, lentils, tofu, eggs, cheese, tempeh, chickpeas)?", 2),
 I("variety", "Are at least 4 of the 5 lunches clearly different dishes?", 2),
 I("prep_tip", "Does the response include at least one practical meal-prep tip (e.g., batch cooking, storage, keeping dressing separate)?", 1),
],
[
R("a", """
- Monday: Chickpea, cucumber, tomato, and feta salad with lemon-herb dressing and pita.
- Tuesday: Black bean and roasted sweet potato burrito bowl with brown rice, salsa, and avocado.
- Wednesday: Red lentil and spinach dal with basmati rice.
- Thursday: Sesame-ginger tofu with soba noodles, edamame, and shredded cabbage.
- Friday: Caprese pasta salad with mozzarella, cherry tomatoes, basil, and white beans.

Prep tip: cook the rice, roast the sweet potatoes, and make the dal on Sunday; keep dressings in small separate containers so salads don't get soggy, and make the Thursday and Friday lunches on Wednesday evening so they stay fresh.
""", {"five_bullets":"y","one_per_day":"y","under_120":"y","no_quinoa":"y","vegetarian":"y","protein":"y","variety":"y","prep_tip":"y"},
9, "none"),
R("b", """
- Monday: Greek salad with chickpeas, cucumber, olives, and feta over a quinoa base, with lemon-oregano dressing.
- Tuesday: Black bean and corn burrito bowl with brown rice, salsa, and a little shredded cheese.
- Wednesday: Hearty lentil and vegetable soup with crusty bread.
- Thursday: Tofu and broccoli stir-fry with ginger-soy sauce over brown rice.
- Friday: Spinach and ricotta stuffed shells with a side salad.
- Sunday prep: Cook the grains and lentils in bulk, press and cube the tofu, and chop all vegetables; store each lunch in its own container.
""", {"five_bullets":"n","one_per_day":"n","under_120":"y","no_quinoa":"n","vegetarian":"y","protein":"y","variety":"y","prep_tip":"y"},
4, "Uses six bullets instead of exactly five and includes the forbidden word 'quinoa'."),
R("c", """
- Monday: Mediterranean chickpea salad with cucumber, tomato, olives, and a lemony tahini dressing.
- Tuesday: Niçoise-style salad with tuna, hard-boiled eggs, green beans, and potatoes.
- Wednesday: Red lentil curry with spinach over basmati rice.
- Thursday: Peanut tofu noodle bowl with shredded carrots and edamame.
- Friday: Black bean quesadillas with pepper jack cheese and salsa.

Tip: roast a big tray of vegetables and cook a pot of rice on Sunday, and keep the dressings in separate jars, so assembly takes about five minutes each morning.
""", {"five_bullets":"y","one_per_day":"y","under_120":"y","no_quinoa":"y","vegetarian":"n","protein":"y","variety":"y","prep_tip":"y"},
3, "Tuesday's lunch contains tuna, which is not vegetarian."),
R("d", """
- Monday: A hearty Mediterranean chickpea salad made with crunchy cucumber, ripe cherry tomatoes, thinly sliced red onion, kalamata olives, crumbled feta cheese, and fresh parsley, all tossed in a bright lemon-oregano vinaigrette and served with warm whole-wheat pita on the side.
- Tuesday: A comforting black bean and roasted sweet potato burrito bowl layered with brown rice, charred corn, pickled onions, creamy avocado, and a generous spoonful of tangy salsa verde.
- Wednesday: Fragrant red lentil dal simmered with garlic, ginger, turmeric, and wilted baby spinach, served with fluffy basmati rice.
- Thursday: Crispy baked tofu tossed in a sticky, garlicky sesame-ginger glaze and served over chilled soba noodles with shelled edamame, shredded purple cabbage, crisp cucumber ribbons, and a sprinkle of toasted sesame seeds.
- Friday: A colorful, summery caprese pasta salad made with fresh mozzarella pearls, sweet cherry tomatoes, torn basil leaves, creamy white beans, baby arugula, and a generous drizzle of syrupy balsamic glaze for a sweet-tangy finish.
""", {"five_bullets":"y","one_per_day":"y","under_120":"n","no_quinoa":"y","vegetarian":"y","protein":"y","variety":"y","prep_tip":"n"},
5, "Runs well over the 120-word limit with padded descriptions and gives no prep tip."),
]))

# ---------------- C4 ----------------
PROMPTS.append(P(
"cook_dense_bread", "cooking", "general",
"My homemade bread always comes out dense. I'm using all-purpose flour and instant yeast, and I bake it right after mixing because I don't have much time. What's going wrong?",
[
 I("identifies_no_rise", "Does the response identify skipping the rise/proofing time as the main cause of the dense bread?", 5, True),
 I("explains_fermentation", "Does the response explain that yeast needs time to produce gas, and give a rough rising guideline (e.g., about 1-2 hours or until roughly doubled)?", 3),
 I("kneading", "Does the response mention kneading or gluten development as a factor?", 2),
 I("flour_note", "Does the response address the all-purpose flour question accurately (it can make good bread; bread flour helps but is not the main problem)?", 1),
 I("time_saving", "Does the response offer a realistic time-saving approach (e.g., overnight refrigerator rise, no-knead dough, or mixing in the evening)?", 2),
 I("liquid_temp", "Does the response warn against very hot liquid (roughly above 130-140°F / 55-60°C) or give an appropriate lukewarm liquid temperature?", 1),
 I("more_yeast_skip", "Does the response claim that adding extra yeast lets you skip or nearly skip the rise?", -4),
 I("wrong_temp", "Does the response recommend a liquid temperature high enough to kill yeast (about 140°F / 60°C or above)?", -3),
],
[
R("a", """
The main culprit is baking right after mixing. Yeast leavens bread by slowly eating sugars in the flour and releasing carbon dioxide, which the gluten network traps as bubbles. That takes time. If the dough goes straight into the oven, there is almost no gas in it, so you get a dense, heavy loaf no matter how good your ingredients are.

What a basic loaf needs:
1. Knead for about 8-10 minutes by hand (or 5-6 in a mixer) until the dough is smooth and springs back when poked. This builds the gluten that holds the gas.
2. First rise (bulk fermentation): cover and leave in a warm spot for about 1-1.5 hours, until roughly doubled.
3. Shape, then do a second rise of 30-60 minutes, until the dough looks puffy and a gentle fingertip poke fills back slowly.
4. Bake.

Use lukewarm water, around 100-110°F (38-43°C). Water hotter than about 140°F (60°C) can kill yeast.

All-purpose flour is fine for most sandwich loaves. Bread flour has more protein and gives a slightly taller, chewier loaf, but it won't fix a dough that never rose.

If time is the issue, shift the waiting rather than skipping it: mix the dough in the evening, let it rise slowly in the refrigerator overnight (8-16 hours), then shape and bake the next day. No-knead recipes work the same way and take only a few minutes of hands-on time.
""", {"identifies_no_rise":"y","explains_fermentation":"y","kneading":"y","flour_note":"y","time_saving":"y","liquid_temp":"y","more_yeast_skip":"n","wrong_temp":"n"},
10, "none"),
R("b", """
Dense bread usually comes down to gluten. All-purpose flour has a lower protein content (about 10-11%) than bread flour (12-14%), which means it forms a weaker gluten network. Weak gluten can't hold the structure of the loaf, so it bakes up heavy and tight.

Here's how to fix it:
- Switch to bread flour. This is the single biggest improvement you can make for sandwich loaves and rolls.
- Knead longer. Aim for at least 12-15 minutes by hand, until the dough passes the windowpane test: stretch a small piece thin enough to see light through without it tearing.
- Add vital wheat gluten. If you want to keep using all-purpose flour, add about 1 tablespoon of vital wheat gluten per cup of flour to boost the protein.
- Measure flour by weight. Scooping with a cup can pack in 20-30% extra flour, which makes a dry, dense dough. A kitchen scale solves this.
- Check your yeast. Instant yeast lasts a long time, but if yours is old, test it in warm water with a pinch of sugar.

With stronger gluten and accurate measuring, your loaves should come out much lighter.
""", {"identifies_no_rise":"n","explains_fermentation":"n","kneading":"y","flour_note":"n","time_saving":"n","liquid_temp":"n","more_yeast_skip":"n","wrong_temp":"n"},
3, "Misses the obvious main cause (no rising time) and wrongly blames all-purpose flour."),
R("c", """
The problem is that your dough isn't getting a chance to rise. Yeast needs time to produce carbon dioxide, and when you bake immediately after mixing there are no gas bubbles in the dough, so it stays dense.

The good news is that instant yeast is designed for speed. Here's a quick method:
1. Double the amount of yeast the recipe calls for. With twice the yeast working, you can cut the rise down to about 10 minutes.
2. Heat your water or milk to about 150°F (65°C). Hotter liquid activates the yeast faster.
3. Knead for 5 minutes, shape the loaf, and let it sit for 10 minutes in a warm spot.
4. Bake as usual.

You can also add a tablespoon of sugar to give the yeast more food to work with quickly.

All-purpose flour is fine for this, so you don't need to buy special bread flour. If you still find the loaf too dense, try replacing a little of the flour with extra liquid so the dough is softer and rises more easily.
""", {"identifies_no_rise":"y","explains_fermentation":"n","kneading":"y","flour_note":"y","time_saving":"n","liquid_temp":"n","more_yeast_skip":"y","wrong_temp":"y"},
2, "Correctly diagnoses the missing rise but then tells the user extra yeast allows a 10-minute rise and recommends 150°F liquid, which kills yeast."),
]))

# ---------------- C5 ----------------
PROMPTS.append(P(
"cook_leftover_safety", "cooking", "general",
"How long can I keep cooked rice and leftover chicken curry in the fridge, and what's the safest way to reheat them? I meal-prep on Sundays for the whole week.",
[
 I("curry_days", "Does the response give a refrigerated storage time for the chicken curry of about 3-4 days (no more than 4)?", 4, True),
 I("rice_bacillus", "Does the response mention that cooked rice carries a particular risk (e.g., Bacillus cereus) if left at room temperature?", 3),
 I("cool_quickly", "Does the response advise cooling and refrigerating the food promptly (within about 1-2 hours of cooking)?", 4),
 I("reheat_temp", "Does the response advise reheating until steaming hot throughout, or to 165°F (74°C)?", 4),
 I("reheat_once", "Does the response advise reheating only the portion you will eat, or not reheating the same food more than once?", 2),
 I("freeze_option", "Does the response suggest freezing portions intended for later in the week (e.g., Thursday and Friday)?", 2),
 I("unsafe_week", "Does the response say cooked chicken curry or rice is safe in the fridge for a full week or longer?", -5, True),
 I("smell_test", "Does the response suggest that food is safe if it looks and smells fine?", -3),
],
[
R("a", """
Storage times (fridge at 40°F / 4°C or colder):
- Chicken curry: 3-4 days.
- Cooked rice: ideally eat within 1-2 days, and no more than 3-4 days.

Cooked rice deserves extra care. Raw rice can carry spores of Bacillus cereus, which survive cooking. If cooked rice sits at room temperature, they can grow and produce a toxin that reheating does not destroy. So:
- Cool rice and curry quickly and get them into the fridge within 1 hour if you can, and never more than 2 hours after cooking. Spreading food in shallow containers helps it cool fast.
- Don't leave portions sitting out on the counter during the day.

For a Sunday meal-prep routine, this means Monday-Wednesday lunches can go in the fridge, but Thursday and Friday portions should go in the freezer. Frozen curry keeps 2-3 months; frozen rice about a month. Thaw them in the fridge overnight.

Reheating:
- Reheat until steaming hot all the way through, 165°F (74°C) in the center. In a microwave, stir halfway and let it stand a minute so cold spots even out.
- Add a splash of water to rice before microwaving so it heats evenly.
- Only reheat the portion you're about to eat, and don't reheat leftovers a second time.

If anything has been in the fridge longer than these limits, throw it out, even if it looks and smells normal. The bacteria that cause food poisoning often don't change the smell.
""", {"curry_days":"y","rice_bacillus":"y","cool_quickly":"y","reheat_temp":"y","reheat_once":"y","freeze_option":"y","unsafe_week":"n","smell_test":"n"},
10, "none"),
R("b", """
Great news for meal-preppers: both keep pretty well.

- Chicken curry: The spices and acidity in curry help preserve it, so it will keep 5-7 days in the fridge in an airtight container. Many people find curry actually tastes better on day three or four.
- Cooked rice: 5-6 days in a sealed container.

So your Sunday batch should last you through Friday without any problem.

For reheating:
- Microwave each portion covered, for 2-3 minutes, stirring halfway through, until it's hot all the way through.
- Sprinkle a tablespoon of water over the rice before reheating so it doesn't dry out.
- On the stove, warm the curry in a small pan over medium heat until it's bubbling.

A good rule of thumb: if it looks normal and smells fine, it's fine to eat. If you notice a sour smell, sliminess, or any mold, throw it out.

You can also freeze curry for up to three months if you want to make a bigger batch.
""", {"curry_days":"n","rice_bacillus":"n","cool_quickly":"n","reheat_temp":"y","reheat_once":"n","freeze_option":"n","unsafe_week":"y","smell_test":"y"},
2, "Claims curry keeps 5-7 days and rice 5-6 days, endorses the smell test, and omits prompt cooling and rice-specific risks."),
R("c", """
General guidance from food safety agencies:

- Chicken curry: 3-4 days in the refrigerator.
- Cooked rice: 3-4 days as well, though many people prefer to eat it sooner for the best texture.

Because you cook on Sunday, your Friday lunch would be on day five, which is past the safe window. The easiest fix is to freeze the Thursday and Friday portions right away and move each one to the fridge the night before you eat it. Curry freezes very well; rice does too, though it can be a little softer after thawing.

Reheating tips:
- Heat leftovers to 165°F (74°C), or until they are steaming throughout. A cheap instant-read thermometer removes the guesswork.
- Microwave with a loose lid or damp paper towel, and stir halfway.
- Take out and heat only one portion at a time.

Use containers that seal well and label them with the date so you don't lose track during the week.
""", {"curry_days":"y","rice_bacillus":"n","cool_quickly":"n","reheat_temp":"y","reheat_once":"y","freeze_option":"y","unsafe_week":"n","smell_test":"n"},
7, "Correct storage and reheating advice but never mentions cooling food promptly or the specific risk with cooked rice."),
]))
