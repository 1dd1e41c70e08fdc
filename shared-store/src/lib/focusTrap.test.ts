import { keepTabWithin } from './focusTrap';

function dialogWith(...labels: string[]) {
  const dialog = document.createElement('div');
  for (const label of labels) {
    const button = document.createElement('button');
    button.textContent = label;
    dialog.append(button);
  }
  document.body.append(dialog);
  const buttons = Array.from(dialog.querySelectorAll('button'));
  return { dialog, buttons };
}

function tab(shiftKey = false) {
  return { key: 'Tab', shiftKey, preventDefault: jest.fn() };
}

describe('keepTabWithin: Tab goes round a modal dialog', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('Tab on the last element goes to the first', () => {
    const { dialog, buttons } = dialogWith('one', 'two', 'three');
    buttons[2]?.focus();
    const event = tab();
    keepTabWithin(dialog, event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('Shift+Tab on the first element goes to the last', () => {
    const { dialog, buttons } = dialogWith('one', 'two', 'three');
    buttons[0]?.focus();
    const event = tab(true);
    keepTabWithin(dialog, event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(document.activeElement).toBe(buttons[2]);
  });

  it('Tab inside the dialog and other keys are left to the browser', () => {
    const { dialog, buttons } = dialogWith('one', 'two', 'three');
    buttons[1]?.focus();
    const inside = tab();
    keepTabWithin(dialog, inside);
    const escape = { key: 'Escape', shiftKey: false, preventDefault: jest.fn() };
    keepTabWithin(dialog, escape);
    expect(inside.preventDefault).not.toHaveBeenCalled();
    expect(escape.preventDefault).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(buttons[1]);
  });
});
