import { describe, expect, it } from 'vitest';
import { barWidth, changeColor, changeText, minutes, percent } from './funnel-format';

describe('funnel figures as shown', () => {
  it('clamps step bars to 20–100% of the width', () => {
    expect(barWidth(0)).toBe(20);
    expect(barWidth(0.05)).toBe(20);
    expect(barWidth(0.4)).toBe(40);
    expect(barWidth(1)).toBe(100);
  });

  it('shows rates and signed changes as percents with one decimal', () => {
    expect(percent(0.4)).toBe('40.0%');
    expect(percent(1 / 3)).toBe('33.3%');
    expect(changeText(0.25)).toBe('+25.0%');
    expect(changeText(-0.6)).toBe('-60.0%');
    expect(changeText(0)).toBe('0.0%');
    expect(changeText(null)).toBe('—');
  });

  it('colours a rise green, or red where lower is better (time to conversion)', () => {
    expect(changeColor(0.2)).toBe('teal');
    expect(changeColor(-0.2)).toBe('red');
    expect(changeColor(0.2, true)).toBe('red');
    expect(changeColor(-0.2, true)).toBe('teal');
    expect(changeColor(null)).toBe('dimmed');
  });

  it('shows time to conversion in whole minutes', () => {
    expect(minutes(240)).toBe('4 min');
    expect(minutes(89)).toBe('1 min');
    expect(minutes(90)).toBe('2 min');
    expect(minutes(null)).toBe('—');
    expect(minutes(406 * 60)).toBe('6 h 46 min');
    expect(minutes(3600)).toBe('1 h');
    expect(minutes(59 * 60 + 29)).toBe('59 min');
    expect(minutes(26 * 3600 + 600)).toBe('1 d 2 h');
    expect(minutes(48 * 3600)).toBe('2 d');
  });
});
