from common import item, lab, resp

PROMPTS = []

# ---------------------------------------------------------------- writing 1
PROMPTS.append({
"prompt_id": "write-landlord-faucet",
"domain": "writing help",
"query": "Write a polite email to my landlord, Mr. Patel, asking him to fix the leaking kitchen faucet. It's been dripping for two weeks and I already mentioned it once in person. Keep it under 150 words.",
"items": [
 item("under_150_words", 4, "Is the email itself (subject line and body, excluding any short note before or after it) under 150 words?"),
 item("polite_tone", 4, "Is the tone polite and non-confrontational throughout?", veto=True),
 item("addressed_patel", 2, "Is the email addressed to Mr. Patel?"),
 item("states_issue", 3, "Does the email clearly state the problem (a leaking/dripping kitchen faucet)?"),
 item("mentions_duration", 2, "Does the email mention that it has been dripping for about two weeks?"),
 item("prior_mention", 2, "Does the email refer to the user having already mentioned the problem in person?"),
 item("asks_for_timing", 3, "Does the email ask for the repair within a timeframe or ask when it can be scheduled?"),
 item("access_info", 1, "Does the email offer availability, access arrangements or contact details for the repair?"),
 item("subject_line", 1, "Does the response include a subject line?"),
 item("threatens", -3, "Does the email threaten the landlord (e.g., legal action, reporting to authorities, withholding rent)?"),
],
"responses": [
resp("a", 9, "none",
 lab(under_150_words="y", polite_tone="y", addressed_patel="y", states_issue="y", mentions_duration="y", prior_mention="y", asks_for_timing="y", access_info="y", subject_line="y", threatens="n"),
"""
Subject: Leaking kitchen faucet – repair request

Dear Mr. Patel,

I hope you're well. I'm writing to follow up on the kitchen faucet I mentioned to you in person recently. It has now been dripping steadily for about two weeks, and the leak seems to be getting worse.

Could you please arrange for it to be repaired, ideally within the next week? I'm happy to be flexible: I'm home most weekday evenings after 6 p.m. and on Saturdays, or I can arrange access for a plumber if that's easier. You can reach me by email or on [phone number].

Thank you very much for your help.

Kind regards,
[Your Name]
[Apartment number]
"""),
resp("b", 6, "Polite and complete, but at roughly 200 words it ignores the under-150-word limit, padded with water-waste statistics and pleasantries.",
 lab(under_150_words="n", polite_tone="y", addressed_patel="y", states_issue="y", mentions_duration="y", prior_mention="y", asks_for_timing="y", access_info="y", subject_line="y", threatens="n"),
"""
Subject: Kitchen faucet leak

Dear Mr. Patel,

I hope this message finds you well and that you've had a good week so far.

I'm writing about the kitchen faucet in my apartment, which I mentioned to you in person a little while ago. It has been dripping for about two weeks now. At first it was only an occasional drip, but it has gradually become more frequent, and it now drips continuously throughout the day and night.

As I'm sure you'll appreciate, a constant drip like this wastes a surprising amount of water — some estimates suggest a dripping tap can waste thousands of litres a year — which isn't good for the environment or for the water bill. I'm also a little worried that the moisture could eventually damage the cabinet under the sink if it continues for much longer.

Would it be possible to arrange a repair sometime in the next week or so? I'm generally available in the evenings and at weekends, and I'm happy to work around a plumber's schedule.

Thank you so much for your time and help with this. I really appreciate it.

Best regards,
[Your Name]
"""),
resp("c", 3, "The email threatens to report the landlord and withhold rent and has a curt, accusatory tone, contrary to the request for a polite email.",
 lab(under_150_words="y", polite_tone="n", addressed_patel="y", states_issue="y", mentions_duration="y", prior_mention="y", asks_for_timing="y", access_info="y", subject_line="y", threatens="y"),
"""
Here's a direct version that makes clear you expect action:

Subject: Kitchen faucet – second request

Dear Mr. Patel,

I'm writing about the kitchen faucet, which has been dripping for two weeks. I already mentioned it to you in person, but nothing has been done so far.

Please have it repaired by this Friday. If it isn't fixed by then, I will have to report the issue to the local housing authority and withhold part of my rent until the repair is completed.

I'm available most evenings if a plumber needs access.

Regards,
[Your Name]
"""),
resp("d", 5, "Polite and short, but it is addressed 'Dear Landlord' instead of Mr. Patel, has no subject line, and leaves out both the two-week duration and the earlier in-person mention.",
 lab(under_150_words="y", polite_tone="y", addressed_patel="n", states_issue="y", mentions_duration="n", prior_mention="n", asks_for_timing="y", access_info="y", subject_line="n", threatens="n"),
"""
Here's a short, friendly email you can send:

Dear Landlord,

I hope you are doing well. I wanted to let you know that the kitchen faucet in my apartment is leaking. Water keeps dripping from the spout even when the handle is turned fully off.

Would you be able to send someone to take a look and repair it? Please let me know what day and time would work, and I'll make sure someone is home to let them in.

Thank you for your help.

Best wishes,
[Your Name]
"""),
]})

# ---------------------------------------------------------------- writing 2
PROMPTS.append({
"prompt_id": "write-resignation-nurse",
"domain": "writing help",
"query": "Help me write a short resignation letter. I'm a registered nurse at St. Mary's Hospital, and my last day will be June 14. I want to leave on good terms and I don't want to explain why I'm leaving.",
"items": [
 item("correct_last_day", 5, "Does the letter state the last day as June 14?", veto=True),
 item("no_reason_given", 4, "Does the letter avoid giving any reason for leaving?", veto=True),
 item("gratitude", 3, "Does the letter express thanks or appreciation?"),
 item("transition_offer", 3, "Does the letter offer help with the handover or transition?"),
 item("role_and_employer", 2, "Does the letter mention the role (registered nurse) and/or St. Mary's Hospital?"),
 item("short", 2, "Is the letter short (roughly under 200 words)?"),
 item("letter_format", 2, "Is it formatted as a letter, with a greeting, body, and closing with a signature line or placeholder?"),
 item("positive_professional", 3, "Is the tone professional and positive, with no negative remarks about the employer, unit or colleagues?"),
 item("placeholders", 1, "Does the response use placeholders for unknown details (e.g., [Your Name], [Manager's Name]) rather than inventing names?"),
],
"responses": [
resp("a", 9, "none",
 lab(correct_last_day="y", no_reason_given="y", gratitude="y", transition_offer="y", role_and_employer="y", short="y", letter_format="y", positive_professional="y", placeholders="y"),
"""
[Your Name]
[Address]
[Date]

[Manager's Name]
[Title]
St. Mary's Hospital

Dear [Manager's Name],

Please accept this letter as formal notice of my resignation from my position as a Registered Nurse at St. Mary's Hospital. My last day of work will be June 14.

I am grateful for the opportunities I have had here and for the support of my colleagues and the nursing leadership team. Working alongside such dedicated professionals has been a privilege.

I am committed to making this transition as smooth as possible and am happy to help with the handover of my patients and responsibilities, including supporting the orientation of new staff, before I leave.

Thank you again for everything. I wish the team and St. Mary's continued success.

Sincerely,
[Your Name]
"""),
resp("b", 3, "It gives a reason for leaving (staffing shortages affecting care) despite the user's request not to, and that remark is a criticism of the unit.",
 lab(correct_last_day="y", no_reason_given="n", gratitude="y", transition_offer="y", role_and_employer="y", short="y", letter_format="y", positive_professional="n", placeholders="y"),
"""
Dear [Manager's Name],

Please accept this letter as notice of my resignation from my role as a Registered Nurse at St. Mary's Hospital, effective June 14.

As you know, the ongoing staffing shortages on our unit have made it increasingly difficult to provide the level of care I believe our patients deserve, and after a lot of thought I have decided it is time for me to move on.

I want to thank you and the team for your support during my time here. I have learned a great deal and will always value the friendships I've made.

I'm happy to help with the handover and to support the transition in any way I can before my last day.

Sincerely,
[Your Name]
"""),
resp("c", 3, "It gives the last day as June 15 instead of June 14 and invents the manager's and the user's names instead of using placeholders.",
 lab(correct_last_day="n", no_reason_given="y", gratitude="y", transition_offer="y", role_and_employer="y", short="y", letter_format="y", positive_professional="y", placeholders="n"),
"""
Dear Ms. Thompson,

I am writing to formally resign from my position as a Registered Nurse at St. Mary's Hospital. My last day will be Friday, June 15.

Thank you for the support and guidance you have given me during my time here. I have valued working with such a caring and skilled team, and I am proud of the care we have provided together.

Over the coming weeks, I will do everything I can to ensure a smooth handover, including updating care notes and helping to orient whoever takes over my shifts.

I wish you and everyone at St. Mary's all the very best.

Kind regards,
Sarah Mitchell, RN
"""),
resp("d", 6, "Content is correct and gives no reason, but at nearly 300 words it is far from the 'short' letter requested.",
 lab(correct_last_day="y", no_reason_given="y", gratitude="y", transition_offer="y", role_and_employer="y", short="n", letter_format="y", positive_professional="y", placeholders="y"),
"""
Dear [Manager's Name],

I am writing to formally notify you of my resignation from my position as a Registered Nurse at St. Mary's Hospital. My final day of employment will be June 14.

I would like to take this opportunity to express my heartfelt gratitude for the time I have spent as part of this remarkable team. From my very first shift, I was welcomed by colleagues who were generous with their knowledge, patient with my questions, and unfailingly committed to their patients. I have learned an enormous amount here, not only about clinical practice but also about teamwork, compassion, and resilience under pressure.

I am especially thankful for the mentorship I have received from the senior nurses and the nursing leadership team. Your encouragement helped me grow in confidence, take on new responsibilities, and develop skills that I will carry with me throughout my career. The memories of the difficult nights we got through together, and the many moments of laughter in between, will stay with me for a long time.

Between now and my last day, I am fully committed to ensuring a smooth transition. I would be glad to help complete handover documentation, brief colleagues on my current patients and ongoing responsibilities, and assist with orienting any new staff members. Please let me know how I can be most helpful during this period.

It has been a privilege to work at St. Mary's Hospital and to serve our patients and their families. I hope to stay in touch with many of you, and I wish the entire team continued success in the years ahead.

Thank you once again for everything.

With warm regards and sincere appreciation,

[Your Name]
[Your Contact Information]
"""),
]})

# ---------------------------------------------------------------- science 1
PROMPTS.append({
"prompt_id": "sci-sky-blue-kid",
"domain": "science explanation",
"query": "Explain why the sky is blue to my 10-year-old. Keep it short and use an everyday comparison.",
"items": [
 item("scattering_core", 5, "Does the response convey that sunlight contains all colours and that air scatters blue light more than the other colours?", veto=True),
 item("wavelength_direction", 3, "Does the response correctly say that blue light has shorter (smaller, choppier) waves than red light?",
      applies_if="the response mentions wavelength or the size/length of light waves"),
 item("age_appropriate", 4, "Is the language suitable for a 10-year-old (short sentences, with jargon avoided or explained)?"),
 item("everyday_comparison", 3, "Does the response include an everyday comparison or analogy?"),
 item("short", 2, "Is the response short (roughly under 200 words)?"),
 item("ocean_myth", -5, "Does the response claim that the sky is blue (even partly) because it reflects the ocean?"),
 item("sunset", 1, "Does the response mention why sunsets look red/orange?"),
 item("other_science_error", -3, "Does the response contain any other scientific error (besides the wave-size and ocean points covered by other items), e.g., that air molecules are blue or that blue light is absorbed?"),
],
"responses": [
resp("a", 9, "none",
 lab(scattering_core="y", wavelength_direction="y", age_appropriate="y", everyday_comparison="y", short="y", ocean_myth="n", sunset="y", other_science_error="n"),
"""
Sunlight looks white, but it's really a mix of all the colours of the rainbow travelling together.

When sunlight comes into our air, it bumps into tiny bits of air — molecules far too small to see. Each colour of light travels like a wave of a different size. Red light has long, lazy waves, while blue light has short, choppy waves. The tiny air molecules are much better at knocking the short, choppy blue waves around, so blue light gets bounced all over the sky. Wherever you look, some of that bounced-around blue light comes to your eyes — so the whole sky looks blue!

**Everyday comparison:** imagine rolling a big beach ball and a little marble down a path covered in pebbles. The beach ball rolls straight over them, but the marble keeps pinging off in every direction. Blue light is like the marble.

**Bonus:** at sunset, the light has to travel through much more air to reach you. By then most of the blue has been bounced away, so the reds and oranges are left — that's why sunsets glow orange and pink.
"""),
resp("b", 5, "It gets the physics backwards, saying blue light has longer waves; blue actually has shorter wavelengths, which is why it scatters more.",
 lab(scattering_core="y", wavelength_direction="n", age_appropriate="y", everyday_comparison="y", short="y", ocean_myth="n", sunset="n", other_science_error="n"),
"""
Sunlight is made of all the colours mixed together — that's why it looks white. When sunlight travels through the air, it bumps into the tiny particles that make up the air.

Blue light travels in longer, stretched-out waves, and those long waves catch on the air particles much more easily, so blue light gets scattered all across the sky. Red and yellow light mostly pass straight through. So when you look up, you see blue coming at you from every direction!

**Everyday comparison:** it's like running through a crowded playground. A kid with arms stretched out wide bumps into everyone and bounces all over the place, while a kid with arms tucked in slips straight through. Blue light is the kid with arms stretched out.
"""),
resp("c", 4, "After a correct scattering explanation, it adds the myth that the sky also reflects the blue of the oceans.",
 lab(scattering_core="y", wavelength_direction="na", age_appropriate="y", everyday_comparison="y", short="y", ocean_myth="y", sunset="y", other_science_error="n"),
"""
Great question! Sunlight contains every colour. When it shines through our air, the tiny air molecules scatter the blue light much more than the red or yellow light, spreading it across the whole sky. That's the main reason the sky looks blue.

There's also a second reason: the sky reflects the blue of the oceans, which cover most of the Earth. That's why the sky often looks an even deeper blue near the sea.

**Everyday comparison:** think of a torch shining through a dusty room. You can see the beam because light bounces off the dust. The air does something similar with blue light — it bounces it everywhere, so the whole sky glows blue.

At sunset, the light passes through much more air, so most of the blue gets scattered away before it reaches you, leaving the oranges and reds.
"""),
resp("d", 4, "Scientifically accurate but written for an adult physics student (Rayleigh scattering, induced dipoles, 1/λ⁴) with no everyday comparison, so it fails the audience.",
 lab(scattering_core="y", wavelength_direction="y", age_appropriate="n", everyday_comparison="n", short="y", ocean_myth="n", sunset="n", other_science_error="n"),
"""
The blue colour of the sky is caused by **Rayleigh scattering**. Solar radiation entering the atmosphere interacts with N₂ and O₂ molecules, whose dimensions are much smaller than the wavelength of visible light. The oscillating electric field of the incoming light induces a dipole in each molecule, which re-radiates light in all directions. The scattered intensity is proportional to 1/λ⁴, so shorter wavelengths (blue, around 450 nm) are scattered roughly five to six times more strongly than longer wavelengths (red, around 700 nm).

Violet light is scattered even more than blue, but sunlight contains less violet, some of it is absorbed high in the atmosphere, and human eyes are less sensitive to it, so the sky appears blue rather than violet.
"""),
]})

# ---------------------------------------------------------------- science 2
PROMPTS.append({
"prompt_id": "sci-vaccines-mrna",
"domain": "science explanation",
"query": "How do vaccines train the immune system? Please include how mRNA vaccines work, and keep it under 300 words.",
"items": [
 item("under_300_words", 3, "Is the response under 300 words?"),
 item("antigen_concept", 4, "Does the response explain that vaccines expose the immune system to a harmless form or part of a pathogen (an antigen)?"),
 item("immune_memory", 4, "Does the response explain immune memory (memory cells that enable a faster, stronger response on later exposure)?"),
 item("antibodies_tcells", 2, "Does the response mention antibodies and/or T cells?"),
 item("mrna_mechanism", 4, "Does the response explain that mRNA vaccines give cells instructions to make a viral protein (e.g., the spike protein), which the immune system then learns to recognise?", veto=True),
 item("mrna_not_dna", 2, "Does the response state that the vaccine mRNA does not enter the nucleus or alter DNA?"),
 item("mrna_degrades", 1, "Does the response mention that the mRNA is broken down by the body after a short time?"),
 item("dna_myth", -5, "Does the response claim or imply that mRNA vaccines change or integrate into a person's DNA?"),
 item("live_virus_error", -4, "Does the response wrongly state that mRNA vaccines contain live or weakened virus?"),
],
"responses": [
resp("a", 9, "none",
 lab(under_300_words="y", antigen_concept="y", immune_memory="y", antibodies_tcells="y", mrna_mechanism="y", mrna_not_dna="y", mrna_degrades="y", dna_myth="n", live_virus_error="n"),
"""
Your immune system learns by experience. The first time it meets a new germ, it can take days to work out how to fight it — which is why you get sick. Vaccines give it that experience safely.

**How vaccines work**
A vaccine shows your immune system a harmless version or piece of a germ — an inactivated virus, a weakened one, or just one of its proteins. These recognisable pieces are called **antigens**. Immune cells react as if it were a real infection:
- **B cells** make **antibodies** that stick to the antigen and help neutralise the germ.
- **T cells** help coordinate the response and can kill infected cells.

Afterwards, some of these cells stay on as long-lived **memory B and T cells**. If you later meet the real germ, they recognise it and respond much faster and more strongly, often stopping the infection or making it much milder.

**How mRNA vaccines work**
mRNA vaccines, such as the COVID-19 vaccines, contain no virus at all. Instead, they contain a short piece of messenger RNA wrapped in a tiny fat bubble (a lipid nanoparticle). The mRNA is a set of instructions for making one viral protein — for COVID-19, the spike protein.
1. The fat bubble delivers the mRNA into cells near the injection site.
2. The cell's protein-making machinery reads the instructions and makes copies of the spike protein.
3. The spike protein is displayed to the immune system, which builds antibodies and memory cells against it.

The mRNA never enters the cell's nucleus, where DNA is kept, so it cannot change your DNA. It is broken down naturally within a few days, just like the cell's own mRNA.
"""),
resp("b", 2, "It falsely states that the vaccine mRNA is incorporated into your cells' DNA, the most common misconception about mRNA vaccines.",
 lab(under_300_words="y", antigen_concept="y", immune_memory="y", antibodies_tcells="y", mrna_mechanism="y", mrna_not_dna="n", mrna_degrades="n", dna_myth="y", live_virus_error="n"),
"""
Vaccines work by training your immune system to recognise a germ before you ever catch it.

Traditional vaccines contain an inactivated or weakened virus, or a piece of one, called an antigen. Your immune system responds by producing antibodies and activating T cells, and it also creates memory cells that remember the germ. If you're exposed later, those memory cells launch a fast, strong response.

**mRNA vaccines** take a different approach. Rather than injecting a piece of the virus, they deliver a genetic instruction — messenger RNA — that tells your cells how to make the virus's spike protein. Once inside the cell, the mRNA is incorporated into your cells' DNA, so they can keep producing the spike protein for months and keep your immune system trained. Your immune system sees the spike protein, makes antibodies and memory cells, and is ready if the real virus shows up.

This is also why mRNA vaccines could be developed so quickly: scientists only needed the virus's genetic sequence to design them.
"""),
resp("c", 7, "Accurate and complete, but about 390 words, well over the 300-word limit.",
 lab(under_300_words="n", antigen_concept="y", immune_memory="y", antibodies_tcells="y", mrna_mechanism="y", mrna_not_dna="y", mrna_degrades="y", dna_myth="n", live_virus_error="n"),
"""
**The immune system's two-step defence**

When a new germ gets into your body, your innate immune system responds first with general defences such as inflammation and cells that swallow invaders. This buys time while the adaptive immune system — the part that learns — works out a precise response. That learning takes a week or two the first time, which is why a new infection can make you quite ill.

**What vaccines do**

A vaccine lets the adaptive immune system do that learning without the danger of the real disease. It introduces an **antigen** — a harmless, recognisable part or version of the germ. Depending on the vaccine, this might be a killed (inactivated) virus, a weakened live virus, a purified protein, or a toxin that has been made harmless.

Immune cells that happen to recognise the antigen multiply:
- **B cells** produce **antibodies**, Y-shaped proteins that latch onto the germ and block it or mark it for destruction.
- **Helper T cells** coordinate the response, and **killer T cells** learn to destroy infected cells.

Crucially, some of these B and T cells become **memory cells** that can last for years. If the real germ ever appears, they recognise it immediately and mount a fast, strong response — often clearing the infection before you notice symptoms. Booster doses remind the immune system and strengthen this memory.

**How mRNA vaccines work**

mRNA vaccines don't contain any virus. They carry a short strand of messenger RNA — a temporary set of instructions — packaged inside tiny fatty droplets called lipid nanoparticles, which help it get into cells.

1. After the injection, the nanoparticles deliver the mRNA into cells, mostly near the injection site.
2. The cells' ribosomes read the instructions and build a single viral protein — for the COVID-19 vaccines, the spike protein found on the virus's surface.
3. The cells display these spike proteins, and the immune system responds by making antibodies, T cells and memory cells against them.

The mRNA stays in the cell's cytoplasm and never enters the nucleus, where your DNA is kept, so it cannot alter your genes. Within a few days, the cell breaks the mRNA down, just as it does with its own mRNA. Because only the genetic sequence of the target protein is needed, mRNA vaccines can be designed and updated quickly.
"""),
resp("d", 4, "It wrongly says mRNA vaccines contain weakened live virus alongside the mRNA.",
 lab(under_300_words="y", antigen_concept="y", immune_memory="y", antibodies_tcells="y", mrna_mechanism="y", mrna_not_dna="y", mrna_degrades="y", dna_myth="n", live_virus_error="y"),
"""
Vaccines are like a training exercise for your immune system.

**The basics:** a vaccine introduces an antigen — a harmless piece or version of a germ. Your immune system responds by making antibodies and activating T cells. Crucially, it also forms memory B and T cells that stay in your body for years, so if the real germ turns up, the response is faster and stronger.

**mRNA vaccines:** these contain a small amount of weakened live virus together with messenger RNA. The mRNA carries instructions that tell your cells to make the virus's spike protein, and the immune system learns to recognise that protein and attack anything carrying it. The mRNA stays outside the cell nucleus, so it doesn't interact with your DNA, and your body breaks it down within a few days.

Because they can be designed quickly from a virus's genetic code, mRNA vaccines can be updated rapidly for new variants.
"""),
]})
