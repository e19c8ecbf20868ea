const MARK = '\u0000';

/**
 * A sentence with a person's name in it, the name isolated in <bdi>: a Hebrew name in an English
 * sentence (or a Latin one in Arabic) keeps itself and the sentence around it in order.
 * `text` builds the sentence with whatever it is given in place of the name.
 */
export function NameInText({ text, name }: { text: (name: string) => string; name: string }) {
  const [before, after = ''] = text(MARK).split(MARK);
  return (
    <>
      {before}
      <bdi>{name}</bdi>
      {after}
    </>
  );
}
