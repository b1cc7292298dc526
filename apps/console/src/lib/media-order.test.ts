import { describe, expect, it } from 'vitest';
import { movedOrder, placeText } from './media-order.js';

const ids = ['a', 'b', 'c', 'd'];

describe('moving a picture', () => {
  it.each([
    ['one place earlier', 2, 1, ['a', 'c', 'b', 'd']],
    ['one place later', 1, 2, ['a', 'c', 'b', 'd']],
    ['to the front (it becomes the main picture)', 3, 0, ['d', 'a', 'b', 'c']],
    ['to the end', 0, 3, ['b', 'c', 'd', 'a']],
  ])('%s', (_case, from, to, expected) => {
    expect(movedOrder(ids, from, to)).toEqual(expected);
  });

  it.each([
    ['onto itself', 1, 1],
    ['before the first', 0, -1],
    ['after the last', 3, 4],
    ['from nowhere', 7, 0],
    ['by a fraction', 0.5, 1],
  ])('moves nothing %s', (_case, from, to) => {
    expect(movedOrder(ids, from, to)).toBeUndefined();
  });

  it('leaves the list it was given as it was', () => {
    const list = ['a', 'b'];
    movedOrder(list, 0, 1);
    expect(list).toEqual(['a', 'b']);
  });

  it('says where the picture now is, and when it is the main one', () => {
    expect(placeText(0, 3)).toBe('Now picture 1 of 3, the main picture.');
    expect(placeText(2, 3)).toBe('Now picture 3 of 3.');
  });
});
