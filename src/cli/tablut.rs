//! TEMPORARY STUB
pub fn moves(_position: Option<&str>, _variant: Option<&str>) -> Result<Vec<String>, String> {
    Ok(vec![])
}
pub fn perft(
    _position: Option<&str>,
    _variant: Option<&str>,
    _depth: u32,
    _divide: bool,
) -> Result<(Vec<(String, u64)>, u64), String> {
    Ok((vec![], 0))
}
pub fn replay_line(
    _position: Option<&str>,
    _variant: Option<&str>,
    _line: &str,
    _counts: bool,
) -> Result<String, String> {
    Ok(String::new())
}
pub fn render(
    _position: Option<&str>,
    _variant: Option<&str>,
    _moves: &[String],
) -> Result<image::RgbaImage, String> {
    Ok(image::RgbaImage::new(1, 1))
}
