/**
 * Word lists for seeded people: common US first names (popular for births of the 1960s to the 2000s,
 * matching ages 18–70), the most frequent US surnames of the census, degrees people put under
 * 'Major/Degree', and the pieces of one-sentence answers to 'what is love'.
 */
// Ten to a line keeps the word lists readable.
// prettier-ignore
export const FEMALE_FIRST_NAMES = [
  'Emma', 'Olivia', 'Ava', 'Sophia', 'Isabella', 'Mia', 'Abigail', 'Emily', 'Madison', 'Chloe',
  'Ella', 'Avery', 'Harper', 'Grace', 'Lily', 'Zoey', 'Hannah', 'Natalie', 'Addison', 'Aubrey',
  'Brooklyn', 'Samantha', 'Leah', 'Aaliyah', 'Savannah', 'Alexis', 'Sarah', 'Ashley', 'Taylor', 'Kayla',
  'Jasmine', 'Alyssa', 'Lauren', 'Brianna', 'Victoria', 'Nicole', 'Rachel', 'Morgan', 'Hailey', 'Sydney',
  'Destiny', 'Gabriella', 'Maya', 'Camila', 'Valentina', 'Luna', 'Nora', 'Riley', 'Layla', 'Stella',
  'Aria', 'Scarlett', 'Penelope', 'Elena', 'Naomi', 'Ruby', 'Jessica', 'Jennifer', 'Amanda', 'Megan',
  'Stephanie', 'Elizabeth', 'Katherine', 'Rebecca', 'Danielle', 'Amber', 'Brittany', 'Michelle', 'Melissa', 'Heather',
  'Christina', 'Andrea', 'Vanessa', 'Monica', 'Erica', 'Tiffany', 'Crystal', 'Kimberly', 'Angela', 'Laura',
  'Lisa', 'Karen', 'Susan', 'Patricia', 'Linda', 'Deborah', 'Denise', 'Tamara', 'Renee', 'Diana',
  'Priya', 'Mei', 'Ximena', 'Imani', 'Keisha', 'Fatima', 'Yasmin', 'Hana', 'Sofia', 'Lucia',
] as const;

// prettier-ignore
export const MALE_FIRST_NAMES = [
  'Liam', 'Noah', 'Oliver', 'Elijah', 'James', 'William', 'Benjamin', 'Lucas', 'Henry', 'Alexander',
  'Mason', 'Michael', 'Ethan', 'Daniel', 'Jacob', 'Logan', 'Jackson', 'Sebastian', 'Jack', 'Aiden',
  'Owen', 'Samuel', 'Matthew', 'Joseph', 'Levi', 'Mateo', 'David', 'John', 'Wyatt', 'Carter',
  'Julian', 'Luke', 'Grayson', 'Isaac', 'Jayden', 'Theodore', 'Gabriel', 'Anthony', 'Dylan', 'Leo',
  'Lincoln', 'Jaxon', 'Asher', 'Christopher', 'Joshua', 'Andrew', 'Thomas', 'Ryan', 'Nathan', 'Caleb',
  'Hunter', 'Christian', 'Isaiah', 'Eli', 'Aaron', 'Connor', 'Jeremiah', 'Adrian', 'Jordan', 'Nicholas',
  'Tyler', 'Brandon', 'Justin', 'Austin', 'Kevin', 'Zachary', 'Cody', 'Kyle', 'Eric', 'Jason',
  'Brian', 'Travis', 'Derek', 'Marcus', 'Jamal', 'Darnell', 'Andre', 'Trevor', 'Corey', 'Shane',
  'Robert', 'Richard', 'Mark', 'Steven', 'Timothy', 'Scott', 'Gregory', 'Jeffrey', 'Kenneth', 'Keith',
  'Diego', 'Carlos', 'Luis', 'Miguel', 'Arjun', 'Rohan', 'Wei', 'Kenji', 'Omar', 'Malik',
] as const;

// prettier-ignore
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Chen', 'Wang', 'Singh', 'Shah', 'Tran', 'Pham', 'Park', 'Choi', 'Okafor', 'Mensah',
  "O'Brien", 'Sullivan', 'Fischer', 'Novak', 'Rossi', 'Cohen', 'Khan', 'Ali', 'Yamamoto', 'Silva',
] as const;

// prettier-ignore
export const DEGREES = [
  'B.S. Computer Science', 'B.A. Psychology', 'B.S. Nursing', 'B.A. Communications', 'B.S. Biology',
  'B.A. English Literature', 'B.S. Mechanical Engineering', 'B.B.A. Marketing', 'B.S. Finance', 'B.A. Economics',
  'B.A. Political Science', 'B.F.A. Graphic Design', 'B.S. Kinesiology', 'B.A. History', 'B.S. Accounting',
  'B.A. Sociology', 'B.S. Civil Engineering', 'B.A. Art History', 'B.S. Chemistry', 'B.A. Philosophy',
  'B.S. Environmental Science', 'B.A. Journalism', 'B.Mus. Music Performance', 'B.S. Data Science', 'B.A. Spanish',
  'M.B.A.', 'M.S. Computer Science', 'M.A. Education', 'M.S.W. Social Work', 'M.P.H. Public Health',
  'M.S. Electrical Engineering', 'M.F.A. Creative Writing', 'J.D. Law', 'M.D. Medicine', 'Ph.D. Physics',
  'Pharm.D.', 'D.P.T. Physical Therapy', 'A.A. Liberal Arts', 'A.S. Dental Hygiene', 'Culinary Arts diploma',
  'Electrician apprenticeship', 'Studying Nursing', 'Studying Computer Science', 'Studying Business', 'Studying Film',
] as const;

/** 'What is love?' answers are built as opening + core + (sometimes) a closing clause, then a full stop. */
export const LOVE_OPENINGS = [
  'Love is',
  'To me, love is',
  'I think love is',
  'For me love is',
  'Honestly, love is',
  'Love, to me, is',
  'I believe love is',
  'Real love is',
] as const;

export const LOVE_CORES = [
  'choosing each other every single day',
  'feeling completely at home with someone',
  'a quiet Sunday morning with coffee for two',
  'laughing until we forget why it was funny',
  'being seen for who you really are',
  'growing together without holding each other back',
  'patience, kindness and a lot of inside jokes',
  'showing up when it matters most',
  'the calm after a long day',
  'an adventure you take with your best friend',
  'trust that does not need to be checked',
  'making space for each other’s dreams',
  'the small things done without being asked',
  'learning someone by heart',
  'a team where nobody keeps score',
  'feeling safe enough to be silly',
  'dancing in the kitchen to a bad playlist',
  'honest conversations at two in the morning',
  'sharing the last slice of pizza',
  'building a home out of everyday moments',
  'curiosity about someone that never runs out',
  'forgiving quickly and holding on tight',
  'being each other’s favourite person to talk to',
  'a partnership built on respect',
  'someone who makes ordinary days feel special',
  'loyalty, warmth and a shared sense of humour',
  'cheering each other on, loudly',
  'knowing exactly how they take their tea',
  'a slow road trip with no fixed destination',
  'calm, steady and a little bit magical',
] as const;

export const LOVE_CLOSINGS = [
  'even when life gets messy',
  'and never taking it for granted',
  'through every season',
  'without needing to explain yourself',
  'no matter where we are',
  'and then doing it all again tomorrow',
] as const;
