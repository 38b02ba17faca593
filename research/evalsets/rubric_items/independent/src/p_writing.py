from common import I, R, P

PROMPTS = []

# ---------------- W1 ----------------
PROMPTS.append(P(
"write_wfh_email", "writing help", "checklist",
"Write a short email to my manager asking to work from home next Friday because a plumber is coming. Under 100 words, polite but not overly apologetic, and include a subject line.",
[
 I("subject_line", "Does the email include a subject line?", 3),
 I("under_100", "Is the email (including the subject line) under 100 words?", 4, True),
 I("reason", "Does the email state the reason (a plumber visit or home repair)?", 3),
 I("date", "Does the email specify the day (next Friday, or a specific date)?", 2),
 I("availability", "Does the email say the writer will be reachable and/or keep up with work while remote?", 3),
 I("polite", "Is the tone polite and professional?", 2),
 I("over_apologetic", "Does the email apologize more than once or use excessively apologetic language?", -2),
],
[
R("a", """
Subject: Working from home next Friday (plumber visit)

Hi Dana,

I have a plumber scheduled to come to my home next Friday, and the appointment window covers most of the day. Would it be okay if I worked from home that day?

I'll be online during normal hours, reachable by chat, email, and phone, and I can join the 10 a.m. team meeting by video. My current deadlines won't be affected.

Let me know if that works or if you'd like me to handle anything differently.

Thanks,
Sam
""", {"subject_line":"y","under_100":"y","reason":"y","date":"y","availability":"y","polite":"y","over_apologetic":"n"},
10, "none"),
R("b", """
Hi Dana,

I wanted to ask whether I could work from home next Friday. I have a plumber coming to fix a leak under my kitchen sink, and they've given me an all-day arrival window, so I need to be at home to let them in.

I'll be fully online for my usual hours, checking email and chat throughout the day, and I'm happy to join any meetings by video. None of my current deadlines will be affected.

Please let me know if that works for you.

Thanks,
Sam
""", {"subject_line":"n","under_100":"y","reason":"y","date":"y","availability":"y","polite":"y","over_apologetic":"n"},
6, "Well written but missing the requested subject line."),
R("c", """
Subject: Request to work from home next Friday

Hi Dana,

I'm so sorry to bother you with this, and I apologize for the short notice. I have a plumber coming to my house next Friday and need to be home to let them in. Would it be possible for me to work from home that day?

I'll be online and available as usual, and I'll make sure my work gets done. Again, I'm really sorry for any inconvenience this may cause the team.

Thank you so much for understanding,
Sam
""", {"subject_line":"y","under_100":"y","reason":"y","date":"y","availability":"y","polite":"y","over_apologetic":"y"},
5, "Apologizes repeatedly ('so sorry', 'apologize', 'really sorry') despite the request not to sound overly apologetic."),
R("d", """
Subject: Work-from-home request for next Friday

Hi Dana,

I hope your week is going well. I wanted to reach out to ask whether it would be possible for me to work from home next Friday. We've had an ongoing issue with a leaking pipe under our bathroom sink, and after a couple of weeks of trying to get someone out, I've finally been able to book a plumber. Unfortunately, the company only offers a full-day arrival window, from 8 a.m. to 5 p.m., so I'll need to be at home for the entire day to let them in and discuss the repair.

I'll keep my normal hours, stay available on chat and email, and join the team stand-up and the afternoon client call by video. I don't expect any impact on my deadlines, and I'll send you a quick update at the end of the day.

Please let me know if that works for you.

Thanks,
Sam
""", {"subject_line":"y","under_100":"n","reason":"y","date":"y","availability":"y","polite":"y","over_apologetic":"n"},
5, "Polite and complete but about 160 words, well over the 100-word limit."),
]))

# ---------------- W2 ----------------
PROMPTS.append(P(
"write_cover_letter_opening", "writing help", "general",
"Help me write a cover letter opening paragraph for a junior data analyst role at a healthcare nonprofit. I just finished a statistics degree and did an internship analyzing hospital readmission data.",
[
 I("one_paragraph", "Does the response provide a single opening paragraph rather than a full multi-paragraph letter?", 3),
 I("internship", "Does the paragraph mention the internship analyzing hospital readmission data?", 4, True),
 I("role", "Does the paragraph name the junior data analyst role?", 3),
 I("mission", "Does the paragraph connect the applicant's interest to the nonprofit's healthcare mission?", 3),
 I("degree", "Does the paragraph mention the statistics degree?", 2),
 I("strong_opening", "Does the paragraph open with a specific, engaging first sentence rather than a generic 'My name is... I am writing to apply' line?", 1),
 I("fabricated", "Does the response invent specific facts the user did not provide (e.g., metrics, named employers or hospitals, tools, or awards) and present them as the user's?", -3),
],
[
R("a", """
Here's an opening paragraph you can adapt. Replace the bracketed parts with the organization's details:

"During my internship analyzing hospital readmission data, I saw how a well-built analysis can point to patients who need more support after they leave the hospital, and that experience is why I'm excited to apply for the Junior Data Analyst position at [Organization Name]. I recently completed my bachelor's degree in statistics, where I built a strong foundation in regression modeling, data cleaning, and clear reporting of results. I'm drawn to [Organization Name]'s commitment to [its mission, e.g., improving care for underserved communities], and I'd welcome the chance to turn data into insights that help your team serve patients better."

If you have a concrete result from the internship, such as a finding your team acted on, add it to the first sentence; specifics make an opening memorable.
""", {"one_paragraph":"y","internship":"y","role":"y","mission":"y","degree":"y","strong_opening":"y","fabricated":"n"},
10, "none"),
R("b", """
Dear Hiring Manager,

I am excited to apply for the Junior Data Analyst position at [Organization Name]. As a recent statistics graduate with hands-on experience analyzing hospital readmission data, I am eager to bring my analytical skills to an organization dedicated to improving community health.

During my internship, I cleaned and analyzed readmission records, built summary dashboards, and presented trends to clinical staff. This experience taught me how to translate complex data into clear, actionable findings for non-technical audiences, and it deepened my interest in using data to improve patient outcomes.

My coursework in statistics gave me a strong foundation in regression, hypothesis testing, and statistical programming. I am comfortable working with large datasets, and I enjoy the problem-solving that comes with messy real-world data.

I would welcome the opportunity to discuss how I can contribute to your team's mission. Thank you for considering my application.

Sincerely,
[Your Name]
""", {"one_paragraph":"n","internship":"y","role":"y","mission":"y","degree":"y","strong_opening":"n","fabricated":"n"},
5, "Writes an entire four-paragraph letter instead of the single opening paragraph requested, and opens generically."),
R("c", """
"My name is Jordan Lee, and I am writing to apply for the Junior Data Analyst role at your organization. As a recent statistics graduate, I completed an internship at Mercy General Hospital, where I analyzed readmission data for more than 50,000 patients using Python, SQL, and Tableau. My predictive model identified high-risk patients and helped reduce 30-day readmissions by 18%, earning me the department's Outstanding Intern Award. I am passionate about using data to improve health outcomes, and I would be thrilled to bring these skills to a nonprofit dedicated to serving patients and communities."

This opening leads with concrete, quantified achievements, which hiring managers love to see.
""", {"one_paragraph":"y","internship":"y","role":"y","mission":"y","degree":"y","strong_opening":"n","fabricated":"y"},
3, "Invents a name, hospital, dataset size, tools, an 18% readmission reduction, and an award, none of which the user provided."),
]))

# ---------------- W3 ----------------
PROMPTS.append(P(
"write_teacher_thanks", "writing help", "checklist",
"Write a thank-you note to my child's 3rd-grade teacher for the end of the school year. Keep it warm, between 80 and 120 words, and don't use the word 'amazing'.",
[
 I("length_80_120", "Is the note between 80 and 120 words long?", 4, True),
 I("no_amazing", "Does the note avoid the word 'amazing'?", 3),
 I("warm", "Is the tone warm and sincere?", 3),
 I("specific_detail", "Does the note mention a specific detail (or a clear placeholder for one), such as a project, book, or moment from the year?", 2),
 I("child_growth", "Does the note mention the child's growth or progress during the year?", 2),
 I("address_sign", "Is the note addressed to the teacher and signed from the parent (names or placeholders are fine)?", 1),
 I("awkward", "Does the note include inappropriate content for a thank-you note (e.g., complaints, backhanded remarks, or gift amounts)?", -3),
],
[
R("a", """
Dear Ms. Rivera,

Thank you for such a wonderful year. When Maya started third grade, she was nervous about reading aloud, and by spring she was volunteering to read her own stories to the class. That change came from your patience and the way you made every child feel capable.

She still talks about the butterfly project and checks on the class garden every time we walk past the school. You made learning feel like an adventure, and she's finishing the year more confident and curious than ever.

We're so grateful for everything you've given her this year. Enjoy a restful summer!

With warm thanks,
Jen Alvarez
""", {"length_80_120":"y","no_amazing":"y","warm":"y","specific_detail":"y","child_growth":"y","address_sign":"y","awkward":"n"},
10, "none"),
R("b", """
Dear Mr. Patel,

As the school year comes to a close, we wanted to say thank you for an amazing year. Leo has grown so much in your class, from multiplication tables that once frustrated him to the science fair project he proudly explained to everyone who would listen.

You have a gift for making each student feel seen, and Leo always came home with a new fact or joke to share. Thank you for your patience, kindness, and the extra time you spent helping him this year.

We hope you have a restful, happy summer.

Warmly,
The Nguyen family
""", {"length_80_120":"y","no_amazing":"n","warm":"y","specific_detail":"y","child_growth":"y","address_sign":"y","awkward":"n"},
6, "Warm and specific, but uses the forbidden word 'amazing'."),
R("c", """
Dear Mrs. Thompson,

As third grade comes to an end, I wanted to take a moment to thank you for everything you've done for Ethan this year. When he started in September, he was shy and hesitant to raise his hand, and he often told me he wasn't "good at math." Over the months, I watched that change. He began coming home excited to show me how he solved word problems, and he proudly explained fractions to his little sister using pizza slices.

He also loved the class reading corner, the weekly "star student" spotlights, and especially the field trip to the nature center, which he still talks about. Your patience, creativity, and encouragement helped him discover that he is capable of much more than he believed.

Thank you for your hard work and for caring so deeply about your students. We hope you have a relaxing and joyful summer.

With gratitude,
Karen and Ethan
""", {"length_80_120":"n","no_amazing":"y","warm":"y","specific_detail":"y","child_growth":"y","address_sign":"y","awkward":"n"},
6, "Heartfelt and specific, but about 155 words, over the 120-word limit."),
R("d", """
Dear Ms. Carter,

Thank you for a great year in third grade. Even though we didn't always agree about the amount of homework, and I know Sophie's first few months were rocky, she ended the year in a much better place. She's reading chapter books on her own now and loved the class poetry unit, especially writing her poem about our dog.

We appreciate the effort you put into your classroom and the time you took to answer my many emails. We've included a small gift card as a thank-you, since we know teachers spend their own money on supplies.

Have a wonderful summer!

Best,
Dana Brooks
""", {"length_80_120":"y","no_amazing":"y","warm":"y","specific_detail":"y","child_growth":"y","address_sign":"y","awkward":"y"},
5, "Includes a backhanded reference to disagreements over homework and the 'rocky' start, which undercuts a thank-you note."),
]))

# ---------------- W4 ----------------
PROMPTS.append(P(
"write_landlord_complaint", "writing help", "general",
"How do I write a formal complaint letter to my landlord about a broken heater that hasn't been fixed in 3 weeks? I'm in the US.",
[
 I("template", "Does the response include a sample letter or template?", 3),
 I("dates", "Does the response advise including dates (when the problem started and when it was reported/followed up)?", 3),
 I("specific_request", "Does the response advise making a specific request with a reasonable deadline for the repair?", 4),
 I("documentation", "Does the response advise sending the letter in a documented way (e.g., certified mail, email with copy) and keeping copies/photos?", 3),
 I("tone", "Does the response advise (or model) a firm but professional tone?", 2),
 I("legal_info", "Does the response note that tenant rights vary by state/city and point to local resources (e.g., housing code enforcement, tenant unions, legal aid)?", 2),
 I("rent_withhold", "Does the response advise withholding rent without noting that it is only legal under specific local procedures?", -4, True),
 I("threats", "Does the response encourage threatening or insulting language?", -2),
],
[
R("a", """
A good complaint letter is short, factual, and creates a paper trail. Include:

- The date you first reported the problem and every follow-up.
- The impact (indoor temperature, health or safety concerns).
- A specific request and deadline, e.g., repair within 3-5 days.
- A calm, firm tone. No insults or threats; stick to the facts.

Sample:

[Date]

Dear [Landlord's name],

I am writing about the broken heater at [address, unit]. I first reported that the heater stopped working on [date] by [phone/text/email], and followed up on [dates]. As of today, it has not been repaired.

Indoor temperatures have dropped to about [X]°F at night. Heat is an essential service under [state/city] housing requirements, and the unit is not comfortably habitable without it.

Please arrange for the heater to be repaired by [date, e.g., 5 days from today]. I can provide access at any reasonable time; contact me at [phone/email].

Thank you for your prompt attention.

Sincerely,
[Your name]

Sending it:
- Send by certified mail with return receipt, or by email if your lease allows it, and keep a copy.
- Keep photos, thermometer readings, and a log of all communication.

If there's no response by the deadline, check your state and city rules. Many places let you contact local housing or code enforcement to inspect, and some allow remedies like repair-and-deduct or paying rent into escrow, but only if you follow specific steps. A local tenant union or legal aid office can tell you what applies where you live.
""", {"template":"y","dates":"y","specific_request":"y","documentation":"y","tone":"y","legal_info":"y","rent_withhold":"n","threats":"n"},
10, "none"),
R("b", """
Three weeks without heat is unacceptable, and you have more leverage than you think. In the US, heat is a legal requirement, and if your landlord won't provide it, you can stop paying rent until the problem is fixed. Make that clear in your letter.

Here's what to include:
1. The date you first reported the problem and how many times you've followed up.
2. A statement that the heater has been broken for three weeks.
3. Notice that you'll be withholding rent starting next month until the repair is complete.
4. A deadline, such as 48 hours, for the repair.

Sample wording:

"Dear [Landlord], I reported the broken heater on [date] and have followed up [number] times. It has now been three weeks. Please repair it within 48 hours. Until the heater is fixed, I will be withholding my rent, as is my right as a tenant."

Send the letter by certified mail so you have proof it was received, and keep a copy for your records.
""", {"template":"y","dates":"y","specific_request":"y","documentation":"y","tone":"y","legal_info":"n","rent_withhold":"y","threats":"n"},
2, "Tells the user they can simply withhold rent anywhere in the US, which can lead to eviction if local procedures aren't followed."),
R("c", """
Writing a formal complaint letter is a good step, since it puts your concerns on record. Here are some general guidelines:

- Be polite and professional. Your goal is to get the heater fixed, not to start an argument.
- Explain the problem clearly and describe how it's affecting you.
- Mention that you've been waiting for a while and would like it resolved soon.
- Keep the letter short, ideally one page.
- Sign it and keep a copy for yourself.

It's also worth checking your lease to see what it says about repairs and maintenance, as this can help you understand your landlord's obligations.

If the issue isn't resolved after you send the letter, you might consider reaching out to a local tenant organization for advice on next steps.

I hope your heater gets fixed quickly, especially with the cold weather!
""", {"template":"n","dates":"n","specific_request":"n","documentation":"n","tone":"y","legal_info":"n","rent_withhold":"n","threats":"n"},
4, "Generic advice with no sample letter, no dates, no concrete deadline, and no documented delivery method."),
]))

# ---------------- W5 ----------------
PROMPTS.append(P(
"write_concise_rewrite", "writing help", "checklist",
"Rewrite this sentence to be more concise, and give me exactly two alternative versions: 'Due to the fact that we are currently experiencing a higher than usual volume of customer inquiries, response times may be longer than they would normally be.'",
[
 I("exactly_two", "Does the response give exactly two rewritten versions?", 4, True),
 I("shorter", "Is each version substantially shorter than the original (about 15 words or fewer)?", 3),
 I("meaning_preserved", "Does each version keep the original meaning (higher-than-usual inquiry volume, so responses may be slower)?", 4),
 I("drops_phrase", "Do both versions drop the wordy 'due to the fact that' construction without substituting an equally wordy phrase (e.g., 'as a result of the fact that')?", 2),
 I("grammatical", "Are both versions grammatical?", 2),
 I("adds_claims", "Does either version add information not in the original (e.g., a specific wait time or a promise)?", -3),
],
[
R("a", """
Here are two tighter versions:

1. "We're receiving more inquiries than usual, so responses may take longer."
2. "Due to high inquiry volume, response times may be longer than usual."

What changed:
- "Due to the fact that" became "so" or "Due to." The longer phrase adds words without adding meaning.
- "Currently experiencing a higher than usual volume of customer inquiries" became "receiving more inquiries than usual" or "high inquiry volume." "Currently" is already implied by the present tense.
- "Longer than they would normally be" became "take longer" or "longer than usual."

Version 1 sounds friendlier for an email auto-reply or chat window; version 2 is slightly more formal and works well on a website banner.
""", {"exactly_two":"y","shorter":"y","meaning_preserved":"y","drops_phrase":"y","grammatical":"y","adds_claims":"n"},
10, "none"),
R("b", """
Here are some more concise options:

1. "We're receiving more inquiries than usual, so responses may take longer."
2. "Due to high demand, response times may be longer than usual."
3. "High inquiry volumes may delay our responses."

Each version removes the wordy opening "Due to the fact that," which can almost always be replaced with "because" or "since," and cuts the redundant "currently" and "than they would normally be."

Option 3 is the shortest and works well as a banner or status message; options 1 and 2 are a bit warmer and read naturally in an email auto-reply. All three keep the original meaning while cutting the length roughly in half or more.
""", {"exactly_two":"n","shorter":"y","meaning_preserved":"y","drops_phrase":"y","grammatical":"y","adds_claims":"n"},
6, "Gives three versions when the user asked for exactly two."),
R("c", """
Sure! Here are two more concise versions:

1. "Because of a high volume of inquiries, please allow up to 48 hours for a response."
2. "We're busier than usual, but we guarantee a reply by the next business day."

Both versions get straight to the point and remove unnecessary filler like "due to the fact that" and "than they would normally be." They also set clear expectations for the customer, which tends to reduce follow-up messages and frustration.

Version 1 works well for an email auto-reply, while version 2 has a friendlier, more conversational tone that suits a chat widget or social media.
""", {"exactly_two":"y","shorter":"y","meaning_preserved":"n","drops_phrase":"y","grammatical":"y","adds_claims":"y"},
3, "Adds a 48-hour window and a next-business-day guarantee that the original never stated, changing the message."),
R("d", """
Here are two alternative versions:

1. "Because we are presently experiencing an elevated number of customer inquiries, our response times may be somewhat longer than they normally would be."
2. "As a result of the fact that customer inquiries are currently higher than usual, it may take us longer than normal to respond to you."

Both versions keep the same meaning as the original sentence while varying the wording. Version 1 replaces "due to the fact that" with "because" and uses slightly more formal vocabulary, while version 2 restructures the sentence so that it flows in a slightly different order. Either one would work well in a customer service message or auto-reply.
""", {"exactly_two":"y","shorter":"n","meaning_preserved":"y","drops_phrase":"n","grammatical":"y","adds_claims":"n"},
2, "The rewrites are about as long as the original (and version 2 swaps in 'as a result of the fact that'), so the request for conciseness is not met."),
]))
