/**
 * Common English given names and the short forms printed for them. A nickname in the book is the
 * same person (Bob Smith is Robert Smith), not a finding. Each row is a formal name and its short
 * forms; two given names are the same when they share a row, so Bob = Bobby = Robert, while Chris
 * is both Christopher and Christina without making Christopher = Christina.
 */
export const NICKNAMES = [
  ['abigail', 'abby', 'abbie', 'gail'],
  ['abraham', 'abe'],
  ['alexander', 'alex', 'al', 'xander', 'sasha', 'lex'],
  ['alexandra', 'alex', 'alexa', 'lexi', 'sandra', 'sasha'],
  ['alfred', 'alf', 'fred', 'freddie'],
  ['allison', 'ally', 'allie'],
  ['amanda', 'mandy', 'manda'],
  ['andrew', 'andy', 'drew'],
  ['angela', 'angie'],
  ['anthony', 'tony', 'ant'],
  ['arthur', 'art', 'artie'],
  ['barbara', 'barb', 'babs'],
  ['benjamin', 'ben', 'benny', 'benji'],
  ['bradley', 'brad'],
  ['cameron', 'cam'],
  ['catherine', 'cathy', 'cat', 'kate', 'katie', 'cate'],
  ['charles', 'charlie', 'chuck', 'chas'],
  ['charlotte', 'charlie', 'lottie'],
  ['christina', 'chris', 'tina', 'christy'],
  ['christine', 'chris', 'tina', 'christy'],
  ['christopher', 'chris', 'topher', 'kit'],
  ['cynthia', 'cindy'],
  ['daniel', 'dan', 'danny'],
  ['danielle', 'dani'],
  ['david', 'dave', 'davey'],
  ['deborah', 'debbie', 'deb'],
  ['dominic', 'dom'],
  ['donald', 'don', 'donnie'],
  ['dorothy', 'dot', 'dottie'],
  ['douglas', 'doug'],
  ['edward', 'ed', 'eddie', 'ted', 'teddy', 'ned'],
  ['elizabeth', 'liz', 'lizzie', 'beth', 'betty', 'eliza', 'libby', 'ellie', 'lisa', 'betsy'],
  ['eleanor', 'ellie', 'nora', 'nell'],
  ['emily', 'em', 'emmy'],
  ['frances', 'fran', 'frannie'],
  ['francis', 'frank', 'fran'],
  ['franklin', 'frank'],
  ['frederick', 'fred', 'freddie', 'freddy'],
  ['gabriel', 'gabe'],
  ['gabrielle', 'gabby', 'gabi'],
  ['gerald', 'gerry', 'jerry'],
  ['gregory', 'greg'],
  ['harold', 'harry', 'hal'],
  ['henry', 'hank', 'harry', 'hal'],
  ['isabella', 'bella', 'izzy', 'isa'],
  ['isabel', 'bella', 'izzy', 'isa'],
  ['jacob', 'jake'],
  ['james', 'jim', 'jimmy', 'jamie'],
  ['jeffrey', 'jeff'],
  ['jennifer', 'jen', 'jenny', 'jenn'],
  ['jessica', 'jess', 'jessie'],
  ['john', 'johnny', 'jack', 'jon'],
  ['jonathan', 'jon', 'johnny', 'nate'],
  ['joseph', 'joe', 'joey'],
  ['joshua', 'josh'],
  ['josephine', 'josie', 'jo'],
  ['judith', 'judy'],
  ['katherine', 'kate', 'katie', 'kathy', 'kat', 'kit', 'kay'],
  ['kathleen', 'kathy', 'kate', 'katie'],
  ['kenneth', 'ken', 'kenny'],
  ['kimberly', 'kim'],
  ['lawrence', 'larry'],
  ['leonard', 'leo', 'len', 'lenny'],
  ['margaret', 'maggie', 'meg', 'peggy', 'marge', 'greta', 'daisy'],
  ['matthew', 'matt', 'matty'],
  ['michael', 'mike', 'mikey', 'mick', 'mickey'],
  ['michelle', 'shelly', 'chelle'],
  ['nathan', 'nate'],
  ['nathaniel', 'nate', 'nat'],
  ['nicholas', 'nick', 'nicky'],
  ['nicole', 'nikki', 'nicky'],
  ['oliver', 'ollie'],
  ['olivia', 'liv', 'livvy'],
  ['pamela', 'pam'],
  ['patricia', 'pat', 'patty', 'trish', 'tricia'],
  ['patrick', 'pat', 'paddy'],
  ['peter', 'pete'],
  ['philip', 'phil'],
  ['phillip', 'phil'],
  ['rebecca', 'becky', 'becca'],
  ['raymond', 'ray'],
  ['richard', 'rick', 'ricky', 'dick', 'rich', 'richie'],
  ['robert', 'bob', 'bobby', 'rob', 'robbie', 'bert'],
  ['ronald', 'ron', 'ronnie'],
  ['samantha', 'sam', 'sammy'],
  ['samuel', 'sam', 'sammy'],
  ['sarah', 'sally', 'sadie'],
  ['stephanie', 'steph', 'stephie'],
  ['stephen', 'steve', 'stevie'],
  ['steven', 'steve', 'stevie'],
  ['susan', 'sue', 'susie', 'suzy'],
  ['suzanne', 'sue', 'suzy'],
  ['theodore', 'ted', 'teddy', 'theo'],
  ['thomas', 'tom', 'tommy'],
  ['timothy', 'tim', 'timmy'],
  ['valerie', 'val'],
  ['victoria', 'vicky', 'tori', 'vic'],
  ['vincent', 'vince', 'vinny'],
  ['walter', 'walt', 'wally'],
  ['william', 'will', 'bill', 'billy', 'willie', 'liam'],
  ['zachary', 'zach', 'zack'],
] as const satisfies readonly (readonly string[])[];

const ROWS_BY_NAME: ReadonlyMap<string, readonly number[]> = (() => {
  const rows = new Map<string, number[]>();
  NICKNAMES.forEach((row, index) => {
    for (const name of row) {
      const list = rows.get(name);
      if (list) list.push(index);
      else rows.set(name, [index]);
    }
  });
  return rows;
})();

/** Every given name the same person may be printed under, `given` (folded) included. */
export function nicknameForms(given: string): readonly string[] {
  const forms = new Set<string>([given]);
  for (const row of ROWS_BY_NAME.get(given) ?? []) for (const name of NICKNAMES[row] ?? []) forms.add(name);
  return [...forms];
}

/** Whether two folded given names name the same person: equal, or a formal name and its short form. */
export function sameGivenName(printed: string, roster: string): boolean {
  if (printed === roster) return true;
  const rosterRows = ROWS_BY_NAME.get(roster);
  if (!rosterRows) return false;
  return (ROWS_BY_NAME.get(printed) ?? []).some((row) => rosterRows.includes(row));
}
