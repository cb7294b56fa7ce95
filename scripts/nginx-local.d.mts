export declare const root: string;
export declare function findNginx(): string | null;
export interface LocalNginxOptions {
  listenPort: number;
  backendPorts: number[];
  runDir: string;
  assetsRoot?: string;
  workers?: number;
}
export declare function localNginxConfig(options: LocalNginxOptions): string;
export declare function writeLocalNginxConfig(options: LocalNginxOptions): string[];
