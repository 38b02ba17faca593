from common import item, lab, resp

PROMPTS = []

# ---------------------------------------------------------------- finance 1
PROMPTS.append({
"prompt_id": "fin-debt-vs-invest",
"domain": "personal finance",
"query": "I'm 28, earn $60k/year, have $8,000 on a credit card at 24% APR and $5,000 in savings. My employer matches 401(k) contributions up to 4% of salary. Should I pay off the card first or start investing in index funds?",
"items": [
 item("prioritize_debt", 5, "Does the response recommend prioritising paying down the 24% credit card debt over investing in (taxable) index funds?", veto=True),
 item("employer_match", 4, "Does the response recommend contributing at least enough to get the full 401(k) employer match?"),
 item("match_math", 2, "Is the match amount computed correctly (4% of $60,000 = $2,400 per year)?",
      applies_if="the response states a dollar figure for the employer match"),
 item("emergency_fund", 3, "Does the response advise keeping some emergency savings rather than putting all $5,000 toward the debt?"),
 item("interest_math", 2, "Is the stated interest cost approximately correct (about $1,920 per year, or about $160 per month, on $8,000 at 24% APR)?",
      applies_if="the response states a dollar figure for the interest cost of the $8,000 balance"),
 item("guaranteed_returns", -4, "Does the response present stock market/index fund returns as guaranteed or certain?"),
 item("rate_reduction", 1, "Does the response mention a way to reduce the interest rate (e.g., 0% balance-transfer card, asking the issuer, a lower-rate personal loan)?"),
 item("ordered_plan", 3, "Does the response give a concrete, ordered plan of steps?"),
 item("respectful_tone", 1, "Is the response free of condescending or judgmental remarks about the user's debt?"),
],
"responses": [
resp("a", 9, "none",
 lab(prioritize_debt="y", employer_match="y", match_math="y", emergency_fund="y", interest_math="y", guaranteed_returns="n", rate_reduction="y", ordered_plan="y", respectful_tone="y"),
"""
Short answer: get the full 401(k) match, then throw everything else at the credit card before investing in index funds.

**Why:** the card charges 24% APR. On $8,000 that's about $1,920 a year (roughly $160 a month) in interest if the balance stays the same. Paying it off is effectively a risk-free 24% return — no index fund can reliably beat that. Stocks have averaged somewhere around 7–10% a year over long periods, with no guarantee in any given year.

**A step-by-step plan**
1. **Contribute 4% to your 401(k) now.** Your employer's 4% match is $2,400 a year of free money (an instant 100% return on those contributions) — don't leave it on the table, even while you have debt.
2. **Keep a starter emergency fund.** Hold back about $2,000 of your savings so a car repair doesn't go straight back on the card.
3. **Put the other $3,000 toward the card right away**, bringing it down to about $5,000.
4. **Attack the rest.** Trim discretionary spending for a few months and send every spare dollar to the card. At $700–800 a month it's gone in roughly 7–8 months.
5. **Look for a lower rate.** A 0% balance-transfer card (usually with a 3–5% transfer fee) or a lower-rate personal loan could save you hundreds; it's also worth calling your issuer to ask for a lower APR. Just don't run the card balance back up.
6. **Then rebuild and invest.** Once the card is paid off, grow your emergency fund to 3–6 months of expenses, then raise your retirement contributions (e.g., toward 15% of income, or add a Roth IRA) invested in low-cost index funds.

This is general information rather than personal advice, but this order — match, starter emergency fund, high-interest debt, then investing — is the standard approach for a situation like yours.
"""),
resp("b", 2, "It recommends investing while paying only slightly more than the minimum on 24% debt, presents a 10% market return as certain ('you'll have over $1 million'), and miscomputes the match as $240.",
 lab(prioritize_debt="n", employer_match="y", match_math="n", emergency_fund="y", interest_math="na", guaranteed_returns="y", rate_reduction="n", ordered_plan="y", respectful_tone="y"),
"""
At 28, time is your biggest asset, so I'd start investing now rather than waiting until the card is paid off.

**Why invest now?** The S&P 500 has returned about 10% a year, and with compounding, money invested in your 20s grows dramatically by retirement. Every year you wait is growth you can't get back. If you invest $500 a month at 10%, you'll have over $1 million by 65.

**Your plan:**
1. **Sign up for the 401(k) match.** Your employer matches up to 4%, which is about $240 a year in free money.
2. **Open a brokerage account** and set up automatic monthly investments into a broad index fund, such as an S&P 500 or total-market fund.
3. **Keep paying the credit card** — make at least the minimum payment each month, plus a little extra when you can, so the balance goes down steadily.
4. **Keep your $5,000 savings** as your emergency fund.

Building the investing habit early matters more than anything else, and you'll pay the card off over time anyway.
"""),
resp("c", 5, "It tells the user to empty their entire $5,000 savings (leaving no emergency fund) and to pause 401(k) contributions, forfeiting the free employer match.",
 lab(prioritize_debt="y", employer_match="n", match_math="na", emergency_fund="n", interest_math="y", guaranteed_returns="n", rate_reduction="n", ordered_plan="y", respectful_tone="y"),
"""
Pay off the credit card — and do it as fast as possible.

You're paying 24% APR, which on $8,000 works out to about $1,920 a year in interest. Nothing you can invest in will reliably earn 24%, so every dollar you put toward the card is effectively a guaranteed 24% return.

**Here's what I'd do:**
1. **Use your $5,000 savings to pay down the card today.** That cuts the balance to $3,000 and immediately saves you about $1,200 a year in interest.
2. **Pause your 401(k) contributions until the card is cleared**, and redirect that money to the card. Every dollar counts.
3. **Pay $1,000+ a month** toward the remaining $3,000, and you'll be debt-free in about three months.
4. **Then start investing.** Once the card is gone, restart your 401(k), build your savings back up, and open an index fund account.

The sooner the debt is gone, the sooner your money starts working for you instead of for the bank.
"""),
resp("d", 7, "Sound plan overall, but it states the interest cost as about $160 a year when it is about $1,920 a year (≈$160 a month).",
 lab(prioritize_debt="y", employer_match="y", match_math="y", emergency_fund="y", interest_math="n", guaranteed_returns="n", rate_reduction="y", ordered_plan="y", respectful_tone="y"),
"""
With a 24% card, paying down the debt should come before investing in index funds — but grab the 401(k) match first.

**The numbers:** your $8,000 balance at 24% APR costs you around $160 a year in interest — money that does nothing for you. Paying the card off is a risk-free return of 24%, whereas index funds have historically averaged 7–10% a year, with big swings along the way.

**Suggested order:**
1. **Contribute 4% to your 401(k)** to get the full match — that's $2,400 a year from your employer, an instant 100% return.
2. **Keep about $2,000 as an emergency cushion** and put the other $3,000 on the card.
3. **Pay as much as you can each month** toward the remaining balance; consider a 0% balance-transfer card to stop the interest while you pay it down.
4. **Once the card is paid off**, build your emergency fund to 3–6 months of expenses and start regular index fund investing, for example in a Roth IRA.

You're in a good position at 28 — tackling this now sets you up well.
"""),
]})

# ---------------------------------------------------------------- finance 2
PROMPTS.append({
"prompt_id": "fin-compound-interest",
"domain": "personal finance",
"query": "Can you explain how compound interest works using this example: €5,000 invested at 4% per year, compounded annually, for 10 years? Show the calculation and the final amount.",
"items": [
 item("formula", 3, "Does the response present the compound interest formula (A = P(1 + r)^n or an equivalent)?"),
 item("final_amount", 5, "Does the response give a final amount of approximately 7,401 (7,401.22) for annual compounding?", veto=True),
 item("interest_earned", 2, "Does the response state the interest earned as approximately 2,401?"),
 item("simple_contrast", 2, "Does the response contrast compounding with simple interest (which would give €7,000)?"),
 item("intermediate_years", 2, "Does the response show balances for at least some intermediate years?"),
 item("intuition", 3, "Does the response explain in plain words that interest is earned on previously earned interest?"),
 item("currency", 1, "Does the response keep the amounts in euros (not switching to another currency)?"),
 item("arithmetic_error", -3, "Does any figure shown in the response contain an arithmetic error (given the response's own stated assumptions)?"),
],
"responses": [
resp("a", 10, "none",
 lab(formula="y", final_amount="y", interest_earned="y", simple_contrast="y", intermediate_years="y", intuition="y", currency="y", arithmetic_error="n"),
"""
**Compound interest** means you earn interest not only on your original money (the principal) but also on the interest you've already earned. Each year's interest is added to the balance, and next year's 4% is calculated on that bigger balance.

**Formula**
A = P × (1 + r)ⁿ
- P = principal = €5,000
- r = annual rate = 0.04
- n = number of years = 10

**Calculation**
A = 5,000 × (1.04)¹⁰ = 5,000 × 1.480244 ≈ **€7,401.22**

So you earn **€2,401.22** in interest.

**Year by year (selected years)**
| Year | Balance at end of year | Interest that year |
|---|---|---|
| 1 | €5,200.00 | €200.00 |
| 2 | €5,408.00 | €208.00 |
| 3 | €5,624.32 | €216.32 |
| 5 | €6,083.26 | €233.97 |
| 10 | €7,401.22 | €284.66 |

Notice that the interest grows every year — from €200 in year 1 to about €285 in year 10 — because it's calculated on a growing balance.

**Compared with simple interest**
With simple interest you'd earn 4% of the original €5,000 = €200 every year, so €2,000 over 10 years and a final €7,000. Compounding gives you an extra €401.22, and the gap widens the longer you leave the money invested.
"""),
resp("b", 7, "The year-2 balance is wrong (€5,200 × 1.04 = €5,408, not €5,416), and there is no comparison with simple interest.",
 lab(formula="y", final_amount="y", interest_earned="y", simple_contrast="n", intermediate_years="y", intuition="y", currency="y", arithmetic_error="y"),
"""
Compound interest means each year's interest is added to your balance, so the next year you earn interest on a bigger amount — interest on interest.

The formula is **A = P(1 + r)ⁿ**, where P is the starting amount, r the yearly rate and n the number of years.

For your example:
- Year 1: €5,000 × 1.04 = €5,200
- Year 2: €5,200 × 1.04 = €5,416
- Year 3: €5,624.32
- …and so on, until
- Year 10: €5,000 × 1.04¹⁰ = **€7,401.22**

Over the ten years, the investment earns **€2,401.22** in interest. Because each year's interest is calculated on the previous year's total, the amount of interest you earn increases every year, and the effect becomes more powerful the longer you leave the money invested. That's why starting early matters so much for long-term savings.
"""),
resp("c", 4, "It computes monthly compounding (€7,454.16) although the user specified annual compounding, so the final amount and interest are wrong for the question.",
 lab(formula="y", final_amount="n", interest_earned="n", simple_contrast="y", intermediate_years="n", intuition="y", currency="y", arithmetic_error="n"),
"""
Compound interest is interest calculated on both the original amount and the interest already added, so your money grows faster over time than with simple interest.

The general formula is:

**A = P(1 + r/n)^(n·t)**

where P is the principal, r the annual rate, n the number of times interest is compounded per year, and t the number of years.

For your example, with interest compounded each month, n = 12:

A = 5,000 × (1 + 0.04/12)^(12 × 10)
A = 5,000 × (1.003333)^120
A = 5,000 × 1.490833
A ≈ **€7,454.16**

You'd earn about **€2,454.16** in interest.

With simple interest, you'd earn €200 per year (4% of €5,000), giving €7,000 after 10 years. Compounding adds roughly €454 on top, because each month's interest starts earning interest of its own.
"""),
resp("d", 4, "The figures are right but it switches to dollars and gives almost no explanation of how compounding works (no intuition, no intermediate years, no simple-interest contrast).",
 lab(formula="y", final_amount="y", interest_earned="y", simple_contrast="n", intermediate_years="n", intuition="n", currency="n", arithmetic_error="n"),
"""
Here's the calculation:

Final amount = Principal × (1 + rate)^years
= $5,000 × (1 + 0.04)^10
= $5,000 × 1.480244
= **$7,401.22**

Interest earned: $7,401.22 − $5,000 = **$2,401.22**.

So after 10 years at 4% compounded annually, your $5,000 grows to $7,401.22. If you keep the money invested for longer, the balance will continue to grow each year at the same 4% rate — for example, after 20 years it would be about $10,955.62. You can check the result on any calculator by multiplying 1.04 by itself ten times and then multiplying by 5,000.
"""),
]})

# ---------------------------------------------------------------- DIY 1
PROMPTS.append({
"prompt_id": "diy-light-switch",
"domain": "home repair / DIY",
"query": "I want to replace a standard single-pole light switch in my US home. I've never done any electrical work. Can you walk me through it?",
"items": [
 item("breaker_off", 5, "Does the response instruct turning off power at the circuit breaker or fuse box as a required step (not just flipping the wall switch or treating the breaker as optional)?", veto=True),
 item("verify_dead", 5, "Does the response instruct verifying that the wires are dead with a voltage tester (non-contact tester or multimeter) before touching them?", veto=True),
 item("photo_wiring", 2, "Does the response suggest photographing or labelling the existing wiring before disconnecting it?"),
 item("ground_wire", 3, "Does the response say to connect the bare copper/green ground wire to the green ground screw?"),
 item("terminals_correct", 3, "Does the response correctly describe connecting the two hot (typically black) wires to the switch's two brass terminal screws?"),
 item("clockwise_wrap", 1, "Does the response mention wrapping the wire clockwise around the terminal screws?"),
 item("stop_if_unexpected", 3, "Does the response say to stop or call an electrician if the wiring is not as expected (e.g., a 3-way switch, aluminium wiring, damaged insulation)?"),
 item("pro_or_code", 1, "Does the response mention that hiring a licensed electrician is an option or that local codes/permits may apply?"),
 item("unsafe_advice", -5, "Does the response suggest working on live wires or imply that turning off the wall switch alone makes the wires safe?"),
],
"responses": [
resp("a", 9, "none",
 lab(breaker_off="y", verify_dead="y", photo_wiring="y", ground_wire="y", terminals_correct="y", clockwise_wrap="y", stop_if_unexpected="y", pro_or_code="y", unsafe_advice="n"),
"""
Replacing a single-pole switch is a good first electrical job, as long as you follow the safety steps exactly.

**You'll need:** a new single-pole switch (same amp rating, usually 15 A), a non-contact voltage tester, screwdrivers, and needle-nose pliers.

1. **Turn off the power at the breaker panel.** Flip the breaker for that circuit to OFF. Turning off the wall switch is not enough — wires in the box can still be live.
2. **Verify it's dead.** Remove the cover plate and test every wire and screw terminal in the box with a non-contact voltage tester. Check the tester on a known live outlet first so you know it works. If anything still lights up, stop and find the right breaker.
3. **Unscrew the switch and pull it out.** Take a photo of how the wires are connected before removing anything.
4. **Check what you have.** A single-pole switch has two brass screws plus a green ground screw, with two insulated wires (usually black) attached. If you see three insulated wires on the switch and a darker "common" screw (a 3-way switch), aluminium wiring, or scorched insulation, stop and call a licensed electrician.
5. **Connect the new switch.** Attach the two hot wires to the two brass screws — on a single-pole switch it doesn't matter which goes where. Bend each wire into a hook and wrap it clockwise around the screw so tightening pulls it in. Connect the bare copper or green ground wire to the green screw.
6. **Reinstall.** Fold the wires back, screw the switch to the box with "OFF" at the bottom, and attach the cover plate.
7. **Restore power and test.**

Some areas require a permit or a licensed electrician even for small jobs, so check your local rules if you're unsure.
"""),
resp("b", 4, "It never has the user test the wires with a voltage tester; it treats 'the light doesn't come on' as proof the power is off, which doesn't rule out live wires in the box.",
 lab(breaker_off="y", verify_dead="n", photo_wiring="y", ground_wire="y", terminals_correct="y", clockwise_wrap="y", stop_if_unexpected="y", pro_or_code="y", unsafe_advice="n"),
"""
Here's how to swap a standard single-pole switch:

1. **Shut off the breaker** for the circuit that powers the switch. To confirm you've got the right one, flip the wall switch back and forth — if the light doesn't come on, the power is off and you can safely continue.
2. **Remove the cover plate** and the two screws holding the switch to the box, then gently pull the switch out.
3. **Snap a photo of the wiring** so you can refer to it later.
4. **Disconnect the wires.** A single-pole switch has two wires (typically black) on brass screws and a bare or green ground wire on the green screw.
5. **Wire the new switch the same way:** the two black wires go on the two brass screws (either wire on either screw), wrapped clockwise, and the ground wire goes on the green screw. Tighten firmly.
6. **Push the switch back in**, screw it to the box, and replace the cover plate.
7. **Turn the breaker back on** and test the switch.

**If you find three wires attached to the switch (not counting the ground), it's probably a 3-way switch** — the wiring is different, so stop and get help from an electrician.
"""),
resp("c", 1, "It tells a first-timer that turning the wall switch off makes the wires safe, treating the breaker as optional and never testing for voltage.",
 lab(breaker_off="n", verify_dead="n", photo_wiring="y", ground_wire="y", terminals_correct="y", clockwise_wrap="y", stop_if_unexpected="y", pro_or_code="y", unsafe_advice="y"),
"""
This is a quick job — about 15 minutes.

1. **Turn the light switch to OFF.** With the switch off, no current flows to the light, so the wires are safe to handle. If you want to be extra careful, you can also switch off the breaker.
2. **Remove the cover plate** with a flat-head screwdriver and unscrew the switch from the box.
3. **Take a picture of the wiring**, then loosen the terminal screws and remove the wires.
4. **Connect the new switch:** the two black wires go to the two brass screws, and the bare copper ground wire goes to the green screw. Wrap each wire clockwise around its screw before tightening.
5. **Mount the switch** back in the box, attach the cover, and test the light.

If the switch has more than two wires plus a ground, you may have a 3-way switch, which is wired differently — in that case it's best to call an electrician.
"""),
resp("d", 4, "Safety steps are right, but it wires the switch like an outlet (black to brass, white to a 'silver' screw, which a single-pole switch doesn't have), omits the ground, and gives no 3-way or 'when to stop' warning.",
 lab(breaker_off="y", verify_dead="y", photo_wiring="y", ground_wire="n", terminals_correct="n", clockwise_wrap="n", stop_if_unexpected="n", pro_or_code="n", unsafe_advice="n"),
"""
Safety first: switch off the correct breaker at your panel, then confirm the power is off by testing the wires with a non-contact voltage tester (test it on a live outlet first to make sure it works).

**Steps**
1. Remove the cover plate and the mounting screws, and gently pull the switch out of the box.
2. Take a photo of the existing connections.
3. Loosen the terminal screws and disconnect the wires.
4. On the new switch, connect the black wire to the brass screw and the white wire to the silver screw. Tighten the screws firmly so the wires can't slip out.
5. Fold the wires neatly back into the box, screw the switch in place, and reattach the cover plate.
6. Turn the breaker back on and test the switch.

**Tips**
- Buy a switch with the same amp rating as the old one (usually 15 A).
- If the old wire ends are nicked or brittle, trim them and strip about ¾ inch of fresh insulation.
- Don't overtighten the mounting screws, or the switch can crack or sit crooked.
"""),
]})

# ---------------------------------------------------------------- DIY 2
PROMPTS.append({
"prompt_id": "diy-recaulk-tub",
"domain": "home repair / DIY",
"query": "The silicone caulk around my bathtub has black mould in it. How do I remove it and recaulk properly? I'd like to use stuff I probably already have at home for the cleaning.",
"items": [
 item("remove_fully", 4, "Does the response say to remove the old caulk completely before recaulking?"),
 item("treat_mould", 3, "Does the response include cleaning the joint and treating remaining mould (e.g., diluted bleach or a mould cleaner) before recaulking?"),
 item("no_dangerous_mix", 5, "Is the response free of any suggestion to mix bleach with vinegar, ammonia or other cleaners?", veto=True),
 item("mixing_warning", 3, "Does the response explicitly warn not to mix bleach with other cleaners such as ammonia or vinegar?"),
 item("dry_first", 3, "Does the response say to let the joint dry thoroughly before applying new caulk?"),
 item("right_product", 3, "Does the response recommend a mould/mildew-resistant 100% silicone (kitchen & bath) sealant?"),
 item("cure_time", 3, "Does the response give an appropriate cure time before exposing the caulk to water (about 24 hours or per the product label)?"),
 item("ppe_ventilation", 2, "Does the response mention gloves and/or ventilation when using cleaning chemicals?"),
 item("technique", 2, "Does the response give application tips (e.g., painter's tape, a steady continuous bead, smoothing, filling the tub first)?"),
 item("caulk_over_old", -4, "Does the response suggest applying new caulk over the old caulk?"),
],
"responses": [
resp("a", 9, "none",
 lab(remove_fully="y", treat_mould="y", no_dangerous_mix="y", mixing_warning="y", dry_first="y", right_product="y", cure_time="y", ppe_ventilation="y", technique="y", caulk_over_old="n"),
"""
Mouldy silicone can't really be cleaned — the mould grows into it — so the fix is to remove it completely and start fresh.

**You'll need:** a utility knife or caulk-removal tool, a plastic scraper, household bleach, an old toothbrush, rubbing alcohol, painter's tape, and a tube of 100% silicone sealant labelled "kitchen & bath" / mould-resistant.

1. **Cut out the old caulk.** Slice along both edges with the knife, then pull and scrape it out. Get every bit — new silicone won't bond to old silicone.
2. **Kill the remaining mould.** Mix about 1 part bleach to 10 parts water, scrub the joint with the toothbrush, leave it for 10–15 minutes, then rinse well. Wear rubber gloves, open a window or run the fan, and **never mix bleach with vinegar, ammonia or other cleaners** — it releases toxic gases.
3. **Degrease and dry.** Wipe the joint with rubbing alcohol to remove soap scum, then let it dry completely — ideally overnight. Trapped moisture is why mould comes back.
4. **Tape and fill the tub.** Run painter's tape along both sides of the joint, leaving a gap the width of your bead. Fill the tub with water so it sits at its heaviest; this stops the seal cracking later when the tub is full.
5. **Apply the silicone** in one steady, continuous bead, then smooth it with a wet finger (a drop of washing-up liquid in the water helps) or a caulk tool.
6. **Remove the tape** straight away, pulling it away from the bead.
7. **Let it cure.** Leave the water in the tub until the silicone has skinned over, and don't shower or bathe for at least 24 hours (check the tube — some need longer).

Afterwards, run the extractor fan after showers and wipe the joint dry now and then to keep mould away.
"""),
resp("b", 2, "It tells the user to mix bleach and vinegar, which releases toxic chlorine gas.",
 lab(remove_fully="y", treat_mould="y", no_dangerous_mix="n", mixing_warning="n", dry_first="y", right_product="y", cure_time="y", ppe_ventilation="y", technique="y", caulk_over_old="n"),
"""
Here's how to get a clean, mould-free seal:

1. **Remove the old caulk.** Use a utility knife to cut along both edges, then peel and scrape it out completely.
2. **Clean the joint.** For stubborn black mould, mix equal parts bleach and white vinegar in a spray bottle — the combination is much stronger than either one alone. Spray, leave for 10 minutes, scrub with an old toothbrush, and rinse thoroughly.
3. **Dry completely.** Leave the area to dry for at least 24 hours with the bathroom door open or the fan running.
4. **Tape the edges** with painter's tape on both sides of the gap for a neat line.
5. **Apply the new caulk.** Use a 100% silicone, mould-resistant kitchen and bath sealant. Cut the nozzle at a 45° angle and run a steady bead along the joint.
6. **Smooth it** with a wet fingertip or a caulk smoothing tool, then peel off the tape while the caulk is still wet.
7. **Let it cure for 24 hours** before using the tub.

Wear rubber gloves while cleaning and keep the room ventilated.
"""),
resp("c", 3, "It says to caulk immediately without letting the joint dry, recommends acrylic latex instead of mould-resistant silicone, and says the tub can be used after about an hour.",
 lab(remove_fully="y", treat_mould="y", no_dangerous_mix="y", mixing_warning="y", dry_first="n", right_product="n", cure_time="n", ppe_ventilation="y", technique="y", caulk_over_old="n"),
"""
1. **Strip out the old caulk** with a utility knife and a scraper, making sure you remove all of it.
2. **Clean off the mould.** Spray the joint with a bathroom mould remover or a diluted bleach solution (about 1:10 with water), leave it for 10 minutes, then scrub and rinse. Wear gloves, keep a window open, and don't mix bleach with other cleaning products.
3. **Apply the new caulk** straight away, while the surface is clean. An acrylic latex caulk is easiest for beginners because it cleans up with water and smooths easily.
4. **Use painter's tape** on both sides of the joint for a neat line, run a continuous bead, smooth it with a wet finger, and remove the tape.
5. **You can shower after about an hour** — the caulk skins over quickly.

To stop the mould coming back, run the extractor fan during and after showers.
"""),
resp("d", 4, "It suggests leaving well-adhered old caulk in place and running the new bead over it, which gives poor adhesion and seals the mould in.",
 lab(remove_fully="n", treat_mould="y", no_dangerous_mix="y", mixing_warning="y", dry_first="y", right_product="y", cure_time="y", ppe_ventilation="y", technique="y", caulk_over_old="y"),
"""
You don't always have to strip everything out.

1. **Check the old caulk.** If it's peeling, cracked or loose, cut it out with a utility knife. If it's still firmly stuck and only stained, you can leave it in place.
2. **Clean and kill the mould.** Scrub the caulk and the surrounding tiles with a solution of 1 part bleach to 10 parts water using an old toothbrush. Wear gloves, ventilate the room, and never mix bleach with ammonia or vinegar.
3. **Rinse and let it dry completely** — overnight is best.
4. **Apply a new bead over the old one.** Use a 100% silicone, mould-resistant kitchen and bath sealant and run it over the existing caulk so it covers it fully, overlapping onto the tub and tile by a few millimetres. Painter's tape on both sides gives a clean edge.
5. **Smooth and cure.** Smooth with a wet finger, peel off the tape, and leave it for 24 hours before using the shower.

This gives you a fresh, white seal in an afternoon without the tedious job of scraping out all the old caulk.
"""),
]})
