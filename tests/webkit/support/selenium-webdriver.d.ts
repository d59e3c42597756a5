// selenium-webdriver ships no type declarations: the part the WebKit lane uses (tests/webkit/support/webkit.ts).
declare module 'selenium-webdriver' {
  export class WebElement {
    click(): Promise<void>;
    sendKeys(...keys: string[]): Promise<void>;
    getAttribute(name: string): Promise<string | null>;
  }
  export interface Rect {
    x: number;
    y: number;
    width: number;
    height: number;
  }
  export class WebDriver {
    get(url: string): Promise<void>;
    getCurrentUrl(): Promise<string>;
    executeScript<T = unknown>(script: string, ...args: unknown[]): Promise<T>;
    executeAsyncScript<T = unknown>(script: string, ...args: unknown[]): Promise<T>;
    manage(): {
      setTimeouts(timeouts: { script?: number; pageLoad?: number; implicit?: number }): Promise<void>;
      window(): { setRect(rect: Partial<Rect>): Promise<Rect>; getRect(): Promise<Rect> };
    };
    navigate(): { refresh(): Promise<void> };
    switchTo(): { activeElement(): Promise<WebElement> };
    takeScreenshot(): Promise<string>;
    quit(): Promise<void>;
    getSession(): Promise<{ getId(): string }>;
  }
  export class Builder {
    usingServer(url: string): this;
    withCapabilities(capabilities: object): this;
    build(): Promise<WebDriver> & WebDriver;
  }
  export const Key: {
    CONTROL: string;
    ESCAPE: string;
    chord(...keys: string[]): string;
  };
}
