export declare const SENTINEL_COUNT: number
export declare function stacklessSentinels(code: string): string
