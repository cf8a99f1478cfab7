import { jsonShape } from './json-body.js';

describe('jsonShape', () => {
  it('counts nesting and separators outside strings only', () => {
    expect(jsonShape('{"a":[1,2,{"b":3}]}')).toEqual({ depth: 3, separators: 4 });
    expect(jsonShape('{"a,:[{":"]},:"}')).toEqual({ depth: 1, separators: 1 });
  });

  it('reads an escaped quote as text, so what follows it is still inside the string', () => {
    expect(jsonShape('{"a":"say \\",:[ hi"}')).toEqual({ depth: 1, separators: 1 });
    expect(jsonShape('["back\\\\",1]')).toEqual({ depth: 1, separators: 1 });
  });
});
