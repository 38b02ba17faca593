from common import I, R, P

PROMPTS = []

# ---------------- F1 ----------------
PROMPTS.append(P(
"fin_roth_vs_traditional", "personal finance", "rar",
"What's the difference between a Roth IRA and a traditional IRA? I'm 28 and in the 12% federal tax bracket.",
[
 I("tax_timing", "Does the response correctly explain the tax timing: traditional contributions may be deductible now with withdrawals taxed later, while Roth contributions are after-tax and qualified withdrawals are tax-free?", 5, True),
 I("low_bracket", "Does the response connect the user's 12% bracket to a Roth often being attractive (paying tax now at a low rate)?", 4),
 I("contribution_limit", "Is the stated annual contribution limit correct for 2024/2025 ($7,000 for people under 50)?", 2, applies_if="the response states an annual contribution limit"),
 I("roth_income_limit", "Does the response mention that direct Roth IRA contributions are subject to income limits?", 2),
 I("rmds", "Does the response correctly say required minimum distributions apply to traditional IRAs but not to Roth IRAs during the owner's lifetime?", 2),
 I("contrib_withdrawal", "Does the response mention that Roth contributions (not earnings) can be withdrawn at any time without tax or penalty?", 2),
 I("roth_reversed", "Does the response say Roth contributions are tax-deductible or that qualified Roth withdrawals are taxed?", -5),
 I("absolute_claim", "Does the response claim one account type is always better for everyone regardless of circumstances?", -2),
],
[
R("a", """
The core difference is when you pay income tax.

Traditional IRA
- Contributions may be tax-deductible now (deductibility can phase out if you or a spouse have a workplace plan and higher income).
- The money grows tax-deferred, and withdrawals in retirement are taxed as ordinary income.
- Required minimum distributions (RMDs) start at age 73.

Roth IRA
- Contributions are made with after-tax money, so no deduction now.
- Growth and qualified withdrawals (after age 59½ and once the account has been open 5 years) are completely tax-free.
- No RMDs during your lifetime.
- You can withdraw your contributions (not the earnings) at any time without tax or penalty, which adds flexibility.
- Direct contributions are limited by income; above a certain modified AGI, you can't contribute directly.

Both share one annual limit: $7,000 total for 2024 and 2025 if you're under 50.

For you: at 28 in the 12% bracket, a Roth is usually the stronger choice. The deduction from a traditional IRA would only save you 12 cents per dollar today, while a Roth lets decades of growth come out tax-free. Your income, and tax bracket, is likely to be higher later in your career, which makes paying tax now at 12% attractive.

That said, it isn't one-size-fits-all. If you needed the deduction to qualify for a credit, or expect much lower income in retirement, a traditional IRA can make sense. If your employer offers a 401(k) match, contribute enough to get the full match first.
""", {"tax_timing":"y","low_bracket":"y","contribution_limit":"y","roth_income_limit":"y","rmds":"y","contrib_withdrawal":"y","roth_reversed":"n","absolute_claim":"n"},
10, "none"),
R("b", """
Both are individual retirement accounts with the same annual contribution limit ($7,000 for 2024 and 2025 if you're under 50), but they're taxed differently.

Roth IRA: your contributions are tax-deductible, so they lower your taxable income this year. The investments grow tax-deferred, and you pay income tax when you withdraw in retirement. This makes a Roth good for people who want a tax break right now.

Traditional IRA: you contribute money you've already paid taxes on, so there's no deduction today, but withdrawals in retirement are tax-free.

Since you're only in the 12% bracket, the upfront deduction from a Roth won't be huge, but it's still free money, so the Roth is probably the way to go. It also lets you withdraw contributions any time.

Whichever you pick, the most important thing at 28 is to start now and invest in low-cost index funds, since compounding over 35+ years does most of the work.
""", {"tax_timing":"n","low_bracket":"n","contribution_limit":"y","roth_income_limit":"n","rmds":"n","contrib_withdrawal":"y","roth_reversed":"y","absolute_claim":"n"},
2, "Swaps the tax treatment of Roth and traditional IRAs, saying Roth contributions are deductible and Roth withdrawals are taxed."),
R("c", """
The main difference is when you pay taxes.

With a traditional IRA, you may be able to deduct your contributions from your taxable income today. Your money grows tax-deferred, and you pay ordinary income tax on withdrawals in retirement.

With a Roth IRA, you contribute after-tax dollars, so there's no deduction now, but your money grows tax-free and qualified withdrawals in retirement are tax-free. You can also take out your contributions at any time without penalty, although earnings withdrawn early may be taxed and penalized.

The annual contribution limit is $6,500 for people under 50, and it's shared across all your IRAs. Roth IRAs also have income limits, though at your income you're well under them.

Both account types require you to start taking minimum distributions at age 73.

For someone who is 28 and in the 12% bracket, the Roth usually wins: you pay a low tax rate now, and decades of growth come out tax-free when you're likely in a higher bracket. A traditional IRA makes more sense for people in high brackets today who expect lower income in retirement.
""", {"tax_timing":"y","low_bracket":"y","contribution_limit":"n","roth_income_limit":"y","rmds":"n","contrib_withdrawal":"y","roth_reversed":"n","absolute_claim":"n"},
6, "Sound overall, but cites an outdated $6,500 limit and wrongly says Roth IRAs require minimum distributions."),
]))

# ---------------- F2 ----------------
PROMPTS.append(P(
"fin_debt_vs_savings", "personal finance", "general",
"I have $8,000 in credit card debt at 24% APR and $3,000 in savings. Should I use my savings to pay off the debt? I have a stable job.",
[
 I("emergency_buffer", "Does the response recommend keeping some savings as an emergency buffer rather than spending all $3,000?", 4),
 I("interest_cost", "Does the response correctly quantify the cost of the debt (about $1,900 a year, or about $160 a month, in interest at 24% on $8,000)?", 3),
 I("use_part", "Does the response recommend putting at least part of the savings toward the card balance?", 3, True),
 I("payoff_plan", "Does the response suggest a plan for the remaining balance (e.g., fixed extra monthly payments, a budget, a 0% balance transfer, or a lower-rate consolidation loan)?", 3),
 I("avoid_new_charges", "Does the response advise against adding new charges to the card while paying it down?", 2),
 I("tone", "Is the tone practical and non-judgmental?", 1),
 I("transfer_caveats", "Does the response mention both the balance-transfer fee and the need to pay off the balance before the 0% promotional period ends?", 1, applies_if="the response recommends a balance-transfer card"),
 I("invest_instead", "Does the response recommend keeping or investing the savings instead of paying down the 24% debt?", -4),
 I("math_error", "Does the response state an incorrect interest cost or savings figure?", -3),
],
[
R("a", """
Yes, use most of it, but not all of it.

Why paying it down makes sense: at 24% APR, $8,000 costs you about $1,920 a year, roughly $160 a month, in interest. A high-yield savings account pays maybe 4%. Every dollar you move from savings to the card earns you a guaranteed 24% "return," which no investment can reliably match.

Why not drain savings to zero: if your car breaks down or you have a medical bill, you'd likely put it right back on the card. A small cushion prevents that.

A practical plan:
1. Keep about $1,000 as a starter emergency fund. With a stable job, that's a reasonable minimum.
2. Put $2,000 toward the card today. That cuts the balance to $6,000 and saves about $480 a year in interest.
3. Stop using the card for new purchases while you pay it off; switch to debit or cash.
4. Attack the remaining $6,000. Look at your budget for a fixed extra monthly payment; at $550 a month, you'd be done in about a year.
5. Check for a 0% balance-transfer offer. Many cards offer 12-21 months at 0% for a 3-5% fee. On $6,000, a 3% fee is $180, much less than a year of 24% interest. Only do this if you can pay it off before the promo ends.
6. Once the card is paid off, redirect that monthly payment into rebuilding savings to 3-6 months of expenses.

You're in a good spot to fix this quickly. A stable income plus a plan means this debt can be gone in about a year.
""", {"emergency_buffer":"y","interest_cost":"y","use_part":"y","payoff_plan":"y","avoid_new_charges":"y","tone":"y","transfer_caveats":"y","invest_instead":"n","math_error":"n"},
10, "none"),
R("b", """
I'd actually recommend keeping your savings where they are and investing them rather than paying down the card.

Here's the reasoning: the stock market has averaged around 10% per year over the long run, and your savings will keep growing and compounding in an index fund. Meanwhile, credit card debt doesn't grow if you keep making payments. If you drain your savings, you lose that growth forever and have nothing to fall back on.

What to do instead:
- Move the $3,000 into a low-cost S&P 500 index fund in a brokerage account.
- Keep making at least the minimum payment on the card, or a bit more if you can.
- Call your card issuer and ask for a lower rate; they often say yes if you have a good payment history.
- Set up a budget so you can free up more money each month for both investing and debt.

Having investments working for you builds wealth over time, and with a stable job, you'll be able to pay the card off gradually.
""", {"emergency_buffer":"n","interest_cost":"n","use_part":"n","payoff_plan":"y","avoid_new_charges":"n","tone":"y","transfer_caveats":"na","invest_instead":"y","math_error":"n"},
1, "Advises investing the savings for a hoped-for 10% return instead of paying off 24% debt, and leaves no emergency cash."),
R("c", """
Yes. With a 24% APR, this debt is extremely expensive: on $8,000, you're paying about $160 a month in interest alone, or roughly $1,900 a year. Nothing your savings can earn comes close to that, so the math strongly favors paying the card down.

Since you have a stable job, I'd put the full $3,000 toward the card right away. That drops your balance to $5,000 and cuts your monthly interest by about $60.

Then, for the remaining $5,000:
- Apply for a 0% APR balance-transfer card. Even with a 3% transfer fee, you'll save hundreds.
- Set up an automatic monthly payment of $450-500 so the balance is gone within about a year.
- Cut back on extras (subscriptions, eating out) temporarily and send the difference to the card.

You'll be debt-free much faster, and then you can rebuild your savings from scratch with the money you were paying toward the card.
""", {"emergency_buffer":"n","interest_cost":"y","use_part":"y","payoff_plan":"y","avoid_new_charges":"n","tone":"y","transfer_caveats":"n","invest_instead":"n","math_error":"n"},
6, "Math and plan are sound, but it drains savings to zero with no emergency buffer and never warns against new charges on the card."),
]))

# ---------------- F3 ----------------
PROMPTS.append(P(
"fin_50_30_20_table", "personal finance", "checklist",
"Write a 50/30/20 budget for someone with a $4,000 monthly take-home pay. Show it as a table and keep any explanation to two sentences or fewer.",
[
 I("table", "Is the budget presented as a table?", 4, True),
 I("correct_amounts", "Does it allocate $2,000 to needs, $1,200 to wants, and $800 to savings/debt repayment?", 5, True),
 I("category_labels", "Are the categories labeled as needs, wants, and savings (and/or debt repayment)?", 3),
 I("examples", "Does it give example expenses for each category?", 2),
 I("explanation_limit", "Is the explanatory text outside the table two sentences or fewer?", 3),
 I("sums", "Do the listed amounts add up to $4,000?", 2),
 I("swapped", "Does the response assign 30% to savings and 20% to wants, swapping the categories?", -3),
],
[
R("a", """
| Category | Share | Monthly amount | Examples |
|---|---|---|---|
| Needs | 50% | $2,000 | Rent or mortgage, utilities, groceries, insurance, transportation, minimum loan and card payments |
| Wants | 30% | $1,200 | Dining out, streaming services, hobbies, travel, clothing beyond basics, gym membership |
| Savings and debt repayment | 20% | $800 | Emergency fund, retirement contributions (IRA or 401(k)), extra payments on credit cards or loans |
| Total | 100% | $4,000 | |

Minimum debt payments count as needs, while anything you pay above the minimum comes out of the 20% savings bucket. If your needs run over $2,000, trim wants before cutting savings.
""", {"table":"y","correct_amounts":"y","category_labels":"y","examples":"y","explanation_limit":"y","sums":"y","swapped":"n"},
10, "none"),
R("b", """
Here's how a $4,000 monthly take-home pay breaks down under the 50/30/20 rule:

- Needs (50%): $2,000. Rent, utilities, groceries, insurance, transportation, and minimum debt payments.
- Wants (30%): $1,200. Restaurants, entertainment, subscriptions, shopping, and travel.
- Savings and debt repayment (20%): $800. Emergency fund, retirement accounts, and extra debt payments.

The 50/30/20 rule was popularized by Senator Elizabeth Warren and her daughter in their book "All Your Worth." It's meant to be a simple starting framework rather than a strict rule. If you live in a high-cost city, your needs may take up more than 50%, in which case you can reduce wants. On the other hand, if your housing is cheap, consider pushing more toward savings. Start by tracking your spending for a month to see where you currently stand, and adjust from there.
""", {"table":"n","correct_amounts":"y","category_labels":"y","examples":"y","explanation_limit":"n","sums":"y","swapped":"n"},
4, "Uses a bulleted list instead of a table and adds a five-sentence explanation, breaking both format constraints."),
R("c", """
| Category | Percentage | Monthly amount | What it covers |
|---|---|---|---|
| Needs | 50% | $2,000 | Rent or mortgage, utilities, groceries, health and car insurance, car payment and gas, phone, minimum debt payments |
| Wants | 20% | $800 | Eating out, entertainment, streaming services, hobbies, gym membership, vacations, gifts |
| Savings and debt | 30% | $1,200 | Emergency fund, retirement contributions, extra debt payments, investing |
| Total | 100% | $4,000 | |

Prioritizing savings at this level helps you build an emergency fund quickly and reach long-term goals sooner. Review the numbers every few months as your income or expenses change.
""", {"table":"y","correct_amounts":"n","category_labels":"y","examples":"y","explanation_limit":"y","sums":"y","swapped":"y"},
4, "Swaps the wants and savings percentages, allocating $1,200 to savings and $800 to wants."),
]))

# ---------------- F4 ----------------
PROMPTS.append(P(
"fin_compound_interest", "personal finance", "general",
"Explain how compound interest works with a simple example. If I invest $5,000 at 6% compounded annually for 10 years, how much will I have?",
[
 I("correct_total", "Does the response give a final amount of about $8,954 (i.e., $8,954.24)?", 5, True),
 I("formula", "Does the response show the correct formula for annual compounding, A = P(1 + r)^n?", 3),
 I("concept", "Does the response explain that compounding means earning interest on previously earned interest?", 3),
 I("interest_earned", "Does the response state the total interest earned, about $3,954?", 2),
 I("compare_simple", "Does the response compare the result with simple interest ($3,000 interest, $8,000 total)?", 2),
 I("table_correct", "Are all the year-by-year figures correct (e.g., $5,300 after year 1, $5,618 after year 2, $5,955.08 after year 3)?", 2, applies_if="the response includes year-by-year figures"),
 I("caveat", "Does the response note that real investment returns are not guaranteed or mention taxes/inflation?", 1),
 I("simple_as_compound", "Does the response present $8,000 (the simple-interest result) as the compound-interest answer?", -4),
],
[
R("a", """
Compound interest means you earn interest not only on your original money but also on the interest it has already earned. Each year's interest is added to the balance, and the next year's interest is calculated on that bigger balance, so growth speeds up over time.

The formula for annual compounding is:

A = P × (1 + r)^n

where P is the starting amount, r is the annual rate as a decimal, and n is the number of years.

Your example: A = 5,000 × (1.06)^10 = 5,000 × 1.7908 ≈ $8,954.24

Year by year:
- Year 1: $5,300.00
- Year 2: $5,618.00
- Year 3: $5,955.08
- Year 5: $6,691.13
- Year 10: $8,954.24

So you'd earn about $3,954 in interest. With simple interest (6% of the original $5,000 each year, or $300 a year), you'd have only $8,000. The extra $954 comes purely from interest earning interest, and the gap widens the longer you leave the money invested.

One caveat: a guaranteed 6% is typical of a savings product or bond; stock market returns vary from year to year, and taxes and inflation reduce what you actually keep.
""", {"correct_total":"y","formula":"y","concept":"y","interest_earned":"y","compare_simple":"y","table_correct":"y","caveat":"y","simple_as_compound":"n"},
10, "none"),
R("b", """
Compound interest is interest that builds on itself over time. Instead of your money sitting still, the interest you earn gets added to your account, which helps your savings grow faster than you might expect.

Here's your example worked out:
- Starting amount: $5,000
- Interest rate: 6% per year, so $5,000 × 0.06 = $300 per year
- Over 10 years: $300 × 10 = $3,000 in interest

Total after 10 years: $5,000 + $3,000 = $8,000

So your $5,000 investment would grow to $8,000 after a decade at 6% compounded annually. That's a 60% gain without adding any more money.

The key lesson is to start early. The longer your money stays invested, the more time compounding has to work. Even small amounts invested in your twenties can grow into a substantial sum by retirement.
""", {"correct_total":"n","formula":"n","concept":"y","interest_earned":"n","compare_simple":"n","table_correct":"na","caveat":"n","simple_as_compound":"y"},
2, "Calculates simple interest ($8,000) and presents it as the compound-interest result."),
R("c", """
With compound interest, the interest you earn is added to your balance, and future interest is calculated on the new, larger balance. In other words, you earn interest on your interest, which makes your money grow faster the longer you leave it.

The formula is:

A = P × (1 + r/12)^(12 × n)

where P is the principal, r is the annual interest rate, and n is the number of years.

Plugging in your numbers:
A = 5,000 × (1 + 0.06/12)^(120) = 5,000 × 1.8194 ≈ $9,096.98

So after 10 years you'd have about $9,097, meaning you earned roughly $4,097 in interest. Compare that with simple interest, where you'd earn just $300 a year for a total of $8,000. The extra $1,097 is the power of compounding.

Keep in mind that this assumes the rate stays at 6% the whole time. Real investments like stock funds go up and down, so your actual results will vary.
""", {"correct_total":"n","formula":"n","concept":"y","interest_earned":"n","compare_simple":"y","table_correct":"na","caveat":"y","simple_as_compound":"n"},
4, "Uses the monthly-compounding formula for an annually compounded investment, giving $9,097 instead of $8,954."),
]))
